import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { formatDecimalLocale } from '../../../domain/money';
import type { KpiProgress, KpiQuarter } from '../../../domain/modules/kpi/kpi-views.schema';
import { can } from '../../../domain/resources';
import { ErrorState } from '../../components/error-state';
import { sourceHref } from '../../components/statement/statement-view';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { achievementColor, useQuarterName } from './kpi-format';

/**
 * A person's year, quarter by quarter: achievement against targets in a chart and its table, each
 * metric's target, today's actual and the line that turns them into points, and the quarter's
 * evaluation (opened by a lead where there is none). Leads read anyone's; a person reads their own.
 */
export function KpiProgressPage() {
  const { userId, year: yearParam } = useParams();
  const year = Number(yearParam);
  const { t } = useTranslation(['kpi', 'statements', 'errors', 'validation']);
  const { user, role } = useAuthContext();
  const navigate = useNavigate();
  const mine = userId === user?.id && !can(role, 'kpi', 'progress');
  const url = mine ? `/api/v1/kpi/my-progress?year=${year}` : `/api/v1/kpi/user/${userId}/progress/${year}`;
  const query = useQuery({ queryKey: ['kpi-progress', url], queryFn: async () => (await http.get<KpiProgress>(url)).data });
  const go = (y: number) => navigate(`/kpi/progress/${userId}/${y}`);

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, minWidth: 240 }}>
          {query.data ? t('kpi:progress.title', { name: query.data.user.name, year }) : t('kpi:progress.heading')}
        </Typography>
        <IconButton aria-label={t('kpi:progress.previousYear')} onClick={() => go(year - 1)}>
          <ChevronLeft sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{year}</Typography>
        <IconButton aria-label={t('kpi:progress.nextYear')} onClick={() => go(year + 1)}>
          <ChevronRight sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
      </Stack>
      {query.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack spacing={3}>
          <ProgressChart quarters={query.data.quarters} />
          {query.data.quarters.map((q) => (
            <QuarterCard key={q.period} q={q} userId={query.data.user.id} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ProgressChart({ quarters }: { quarters: KpiQuarter[] }) {
  const { t } = useTranslation(['kpi']);
  const fmt = useFormatters();
  const rtl = useTheme().direction === 'rtl';
  const quarterName = useQuarterName();
  const figure = (q: KpiQuarter) => (q.evaluation && q.evaluation.state !== 'draft' ? q.evaluation.total : (q.statement?.total ?? null));
  const withTargets = quarters.filter((q) => q.kpiId);
  if (!withTargets.length) return <Typography sx={{ color: 'text.secondary' }}>{t('kpi:progress.empty')}</Typography>;
  return (
    <Card sx={{ p: 2 }}>
      <Box aria-hidden sx={{ height: 260 }} data-testid="kpi-progress-chart">
        <BarChart
          height={260}
          skipAnimation
          enableKeyboardNavigation={false}
          xAxis={[{ scaleType: 'band', data: quarters.map((q) => quarterName(q.period)), reverse: rtl }]}
          yAxis={[{ valueFormatter: (v: number) => `${fmt.number(v)} %`, position: rtl ? 'right' : 'left', width: 56 }]}
          series={[{ label: t('kpi:progress.achievement'), data: quarters.map((q) => (figure(q) === null ? null : Number(figure(q)))) }]}
        />
      </Box>
      <Table size="small" aria-label={t('kpi:progress.achievement')}>
        <TableHead>
          <TableRow>
            {quarters.map((q) => (
              <TableCell key={q.period} align="center">
                {quarterName(q.period)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            {quarters.map((q) => (
              <TableCell key={q.period} align="center" data-testid={`kpi-achievement-${q.period}`}>
                {figure(q) === null ? '—' : <bdi>{`${formatDecimalLocale(figure(q)!, fmt.locale)} %`}</bdi>}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </Card>
  );
}

function QuarterCard({ q, userId }: { q: KpiQuarter; userId: string }) {
  const { t } = useTranslation(['kpi', 'statements', 'errors', 'validation']);
  const fmt = useFormatters();
  const { role } = useAuthContext();
  const navigate = useNavigate();
  const quarterName = useQuarterName();
  const open = useMutation({
    mutationFn: async () => (await http.post<{ id: string }>('/api/v1/kpi-bonus/evaluation', { userId, period: q.period })).data,
    onSuccess: (e) => navigate(`/kpi/evaluations/${e.id}`),
    onError: (e) => toast.error(errorText(t, e)),
  });
  if (!q.kpiId)
    return (
      <Card sx={{ p: 2 }} data-testid={`kpi-quarter-${q.period}`}>
        <Typography variant="h6" component="h2">
          {quarterName(q.period)}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('kpi:progress.noTargets')}</Typography>
      </Card>
    );
  const total = q.statement?.total;
  return (
    <Card sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={`kpi-quarter-${q.period}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {quarterName(q.period)}
        </Typography>
        {total && !q.statement?.missing.length && (
          <Chip color={achievementColor(total)} label={t('kpi:progress.today', { value: `${formatDecimalLocale(total, fmt.locale)} %` })} />
        )}
        {q.evaluation ? (
          <Button
            component={RouterLink}
            to={`/kpi/evaluations/${q.evaluation.id}`}
            size="small"
            variant="outlined"
            data-testid={`kpi-evaluation-${q.period}`}
          >
            {t(`kpi:progress.evaluation.${q.evaluation.state}`, { value: `${formatDecimalLocale(q.evaluation.total, fmt.locale)} %` })}
          </Button>
        ) : (
          can(role, 'kpi-evaluations', 'create') && (
            <Button
              size="small"
              variant="contained"
              disabled={open.isPending}
              onClick={() => open.mutate()}
              data-testid={`kpi-evaluate-${q.period}`}
            >
              {t('kpi:progress.evaluate')}
            </Button>
          )
        )}
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={quarterName(q.period)}>
          <TableHead>
            <TableRow>
              <TableCell>{t('kpi:metrics.label')}</TableCell>
              <TableCell align="right">{t('kpi:metrics.target')}</TableCell>
              <TableCell align="right">{t('kpi:metrics.actual')}</TableCell>
              <TableCell align="right">{t('kpi:metrics.weight')}</TableCell>
              <TableCell>{t('statements:formula')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {q.metrics.map((m, i) => (
              <TableRow key={i} data-testid={`kpi-metric-row-${q.period}-${i}`}>
                <TableCell>
                  <Typography variant="body2" dir="auto">
                    {m.label}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {m.applicable ? t(`kpi:kinds.${m.kind}`) : t('kpi:progress.notApplicable', { reason: m.naReason ?? '' })}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  <bdi>{formatDecimalLocale(m.target, fmt.locale)}</bdi>
                </TableCell>
                <TableCell align="right" data-testid={`kpi-actual-${q.period}-${i}`}>
                  {m.actual === null ? '—' : <bdi>{formatDecimalLocale(m.actual, fmt.locale)}</bdi>}
                </TableCell>
                <TableCell align="right">
                  <bdi>{`${formatDecimalLocale(m.weight, fmt.locale)} %`}</bdi>
                </TableCell>
                <TableCell>
                  <Typography variant="body2" component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                    {m.line.formula}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {q.statement && q.statement.inputs.some((i) => i.source && i.source.resource !== 'kpi') && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('kpi:progress.counted')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { md: 2 } }}>
            {q.statement.inputs
              .filter((i) => i.source && i.source.resource !== 'kpi')
              .map((i) => (
                <li key={i.key}>
                  <Link component={RouterLink} to={sourceHref(i) ?? '#'} variant="body2" dir="auto">
                    {i.source!.label}
                  </Link>{' '}
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    <bdi>{formatDecimalLocale(i.value, fmt.locale)}</bdi>
                  </Typography>
                </li>
              ))}
          </Box>
        </Box>
      )}
    </Card>
  );
}
