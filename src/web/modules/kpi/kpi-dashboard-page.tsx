import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
import type { KpiDashboard } from '../../../domain/modules/kpi/kpi-views.schema';
import { ErrorState } from '../../components/error-state';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { achievementColor, useQuarterName } from './kpi-format';

/**
 * The team's achievement by person × quarter of a year: an approved evaluation's frozen figure, or
 * today's from the data (marked as such); each person opens their progress page. A sale sees their own.
 */
export function KpiDashboardPage() {
  const { t } = useTranslation(['kpi', 'errors']);
  const fmt = useFormatters();
  const quarterName = useQuarterName();
  const [sp, setSp] = useSearchParams();
  const year = Number(sp.get('year')) || new Date().getFullYear();
  const query = useQuery({
    queryKey: ['kpi-dashboard', year],
    queryFn: async () => (await http.get<KpiDashboard>(`/api/v1/kpi/dashboard?year=${year}`)).data,
  });
  const go = (y: number) => setSp({ year: String(y) });
  const flip = { transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) };
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, minWidth: 200 }}>
          {t('kpi:dashboard.title')}
        </Typography>
        <Button component={RouterLink} to="/kpi/quarterly-summary" variant="outlined" size="small">
          {t('kpi:quarterly.open')}
        </Button>
        <IconButton aria-label={t('kpi:progress.previousYear')} onClick={() => go(year - 1)}>
          <ChevronLeft sx={flip} />
        </IconButton>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="kpi-dashboard-year">
          {year}
        </Typography>
        <IconButton aria-label={t('kpi:progress.nextYear')} onClick={() => go(year + 1)}>
          <ChevronRight sx={flip} />
        </IconButton>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('kpi:dashboard.intro')}</Typography>
      <Card>
        {query.isPending ? (
          <Skeleton variant="rounded" height={240} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.rows.length === 0 ? (
          <Typography sx={{ p: 3, color: 'text.secondary' }}>{t('kpi:dashboard.empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('kpi:dashboard.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('kpi:fields.userId')}</TableCell>
                  {[1, 2, 3, 4].map((q) => (
                    <TableCell key={q} align="center">
                      {quarterName(`${year}-Q${q}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.rows.map((row) => (
                  <TableRow key={row.user.id} data-testid={`kpi-dashboard-${row.user.id}`}>
                    <TableCell component="th" scope="row">
                      <Link component={RouterLink} to={`/kpi/progress/${row.user.id}/${year}`} dir="auto">
                        {row.user.name}
                      </Link>
                    </TableCell>
                    {row.quarters.map((q) => (
                      <TableCell key={q.period} align="center">
                        {q.achievement === null ? (
                          <Typography variant="body2" sx={{ color: 'text.disabled' }}>
                            {q.source === 'none' ? '—' : t('kpi:dashboard.incomplete')}
                          </Typography>
                        ) : (
                          <Chip
                            size="small"
                            color={achievementColor(q.achievement)}
                            variant={q.source === 'evaluation' ? 'filled' : 'outlined'}
                            label={<bdi>{`${formatDecimalLocale(q.achievement, fmt.locale)} %`}</bdi>}
                            title={t(`kpi:dashboard.source.${q.source}`)}
                          />
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Card>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
        {t('kpi:dashboard.legend')}
      </Typography>
    </Box>
  );
}
