import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
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
import type { BonusFund } from '../../../domain/modules/kpi/bonus-fund.schema';
import type { KpiBonus } from '../../../domain/modules/kpi/kpi-bonuses.resource';
import { kpiEvaluationsResource, type KpiEvaluation } from '../../../domain/modules/kpi/kpi-evaluations.resource';
import { addQuarters, parseQuarter, quarterOf } from '../../../domain/modules/kpi/kpi.schema';
import { can } from '../../../domain/resources';
import { ErrorState } from '../../components/error-state';
import { refLabelSource, useRefLabels } from '../../components/resource/lookup';
import { termText } from '../../components/statement/statement-view';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { http } from '../../providers/http';
import { toast } from '../../toast';
import { achievementColor, useQuarterName } from './kpi-format';

/**
 * A quarter's close for the leads: each person's evaluation and bonus with their states (Calculate
 * makes the missing bonus drafts), and the bonus fund — the pool from the quarter's profit, split to
 * the cent — with Allocate (once) and Mark paid per person, each where the role may and it works.
 */
export function KpiQuarterPage() {
  const { t } = useTranslation(['kpi', 'kpi-bonuses', 'kpi-evaluations', 'statements', 'errors', 'validation']);
  const fmt = useFormatters();
  const quarterName = useQuarterName();
  const { role } = useAuthContext();
  const qc = useQueryClient();
  const [sp, setSp] = useSearchParams();
  const period = parseQuarter(sp.get('period') ?? '')
    ? sp.get('period')!
    : addQuarters(quarterOf(new Date().toISOString().slice(0, 10)), -1);
  const readsFund = can(role, 'kpi-bonuses', 'fund');
  const list =
    <T,>(url: string) =>
    async () =>
      (await http.get<T[]>(url)).data;
  const evaluations = useQuery({
    queryKey: ['kpi-quarter', 'evaluations', period],
    queryFn: list<KpiEvaluation>(`/api/v1/kpi-bonus/evaluation?period=${period}&_start=0&_end=500`),
  });
  const bonuses = useQuery({
    queryKey: ['kpi-quarter', 'bonuses', period],
    queryFn: list<KpiBonus>(`/api/v1/kpi-bonus/bonus?period=${period}&_start=0&_end=500`),
  });
  const fund = useQuery({
    queryKey: ['kpi-quarter', 'fund', period],
    enabled: readsFund,
    queryFn: async () => (await http.get<BonusFund>(`/api/v1/kpi-bonus/bonus-fund?period=${period}`)).data,
  });
  const people = [...new Set([...(evaluations.data ?? []).map((e) => e.userId), ...(bonuses.data ?? []).map((b) => b.userId)])];
  // Names as the evaluations' list reads them: one lookup of the people shown.
  const names = useRefLabels(refLabelSource(kpiEvaluationsResource, kpiEvaluationsResource.fields.userId!), people);
  const nameOf = (id: string) => names.get(id) ?? '…';
  const act = useMutation({
    mutationFn: async (a: { url: string; body: object; done: string }) => {
      await http.post(a.url, a.body);
      return a.done;
    },
    onSuccess: (done) => toast.success(t(done)),
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['kpi-quarter'] }),
  });
  const flip = { transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) };
  const money = (v: string | null | undefined, currency: string) => (v == null ? '—' : fmt.money(v, currency));

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, minWidth: 200 }}>
          {t('kpi:quarterly.title')}
        </Typography>
        <IconButton aria-label={t('kpi:quarterly.previous')} onClick={() => setSp({ period: addQuarters(period, -1) })}>
          <ChevronLeft sx={flip} />
        </IconButton>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="kpi-quarter-period">
          {quarterName(period)}
        </Typography>
        <IconButton aria-label={t('kpi:quarterly.next')} onClick={() => setSp({ period: addQuarters(period, 1) })}>
          <ChevronRight sx={flip} />
        </IconButton>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('kpi:quarterly.intro')}</Typography>

      <Card sx={{ mb: 3 }}>
        <Stack direction="row" sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('kpi:quarterly.people')}
          </Typography>
          {can(role, 'kpi-bonuses', 'calculate') && (
            <Button
              variant="outlined"
              disabled={act.isPending}
              data-testid="kpi-quarter-calculate"
              onClick={() => act.mutate({ url: '/api/v1/kpi-bonus/calculate-bonus', body: { period }, done: 'kpi:quarterly.calculated' })}
            >
              {t('kpi:quarterly.calculate')}
            </Button>
          )}
        </Stack>
        {evaluations.isPending || bonuses.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : evaluations.isError || bonuses.isError ? (
          <ErrorState error={evaluations.error ?? bonuses.error} onRetry={() => void qc.invalidateQueries({ queryKey: ['kpi-quarter'] })} />
        ) : people.length === 0 ? (
          <Typography sx={{ p: 3, color: 'text.secondary' }}>{t('kpi:quarterly.empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('kpi:quarterly.people')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('kpi:fields.userId')}</TableCell>
                  <TableCell align="right">{t('kpi:quarterly.achievement')}</TableCell>
                  <TableCell>{t('kpi:quarterly.evaluation')}</TableCell>
                  <TableCell align="right">{t('kpi-bonuses:fields.total')}</TableCell>
                  <TableCell>{t('kpi:quarterly.bonus')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {people.map((id) => {
                  const e = evaluations.data!.find((x) => x.userId === id);
                  const b = bonuses.data!.find((x) => x.userId === id);
                  return (
                    <TableRow key={id} data-testid={`kpi-quarter-row-${id}`}>
                      <TableCell component="th" scope="row">
                        <bdi>{nameOf(id)}</bdi>
                      </TableCell>
                      <TableCell align="right">
                        {e ? (
                          <Chip
                            size="small"
                            color={achievementColor(e.total)}
                            label={<bdi>{`${formatDecimalLocale(e.total, fmt.locale)} %`}</bdi>}
                          />
                        ) : (
                          '—'
                        )}
                      </TableCell>
                      <TableCell>
                        {e ? (
                          <Link component={RouterLink} to={`/kpi/evaluations/${e.id}`}>
                            {t(`kpi-evaluations:values.state.${e.state}`, { defaultValue: e.state })}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </TableCell>
                      <TableCell align="right">
                        <bdi>{b && !b.missing.length ? money(b.total, b.unit) : '—'}</bdi>
                      </TableCell>
                      <TableCell>
                        {b ? (
                          <Link component={RouterLink} to={`/kpi/bonuses/${b.id}`}>
                            {t(`kpi-bonuses:values.state.${b.state}`)}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
      </Card>

      {readsFund && (
        <Card>
          <Stack direction="row" sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {t('kpi:quarterly.fund')}
            </Typography>
            {fund.data && !fund.data.allocated && !fund.data.missing.length && can(role, 'kpi-bonuses', 'allocateFund') && (
              <Button
                variant="contained"
                disabled={act.isPending}
                data-testid="kpi-fund-allocate"
                onClick={() =>
                  act.mutate({ url: '/api/v1/kpi-bonus/bonus-fund/allocate', body: { period }, done: 'kpi:quarterly.allocated' })
                }
              >
                {t('kpi:quarterly.allocate')}
              </Button>
            )}
          </Stack>
          {fund.isPending ? (
            <Skeleton variant="rounded" height={120} />
          ) : fund.isError ? (
            <ErrorState error={fund.error} onRetry={() => void fund.refetch()} />
          ) : (
            <Box sx={{ px: 2, pb: 2 }}>
              {fund.data.missing.length > 0 && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {t('kpi:quarterly.fundMissing', {
                    missing: fund.data.missing.map((m) => termText(t, m)).join(', '),
                  })}
                </Alert>
              )}
              <Typography sx={{ mb: 1 }} data-testid="kpi-fund-pool">
                {t(fund.data.allocated ? 'kpi:quarterly.poolAllocated' : 'kpi:quarterly.poolPreview', {
                  profit: money(fund.data.profit, fund.data.currency),
                  percent: fund.data.percent ? formatDecimalLocale(fund.data.percent, fmt.locale) : '—',
                  pool: money(fund.data.pool, fund.data.currency),
                  threshold: fund.data.threshold ? formatDecimalLocale(fund.data.threshold, fmt.locale) : '—',
                })}
              </Typography>
              {fund.data.allocated && fund.data.profitNow !== null && fund.data.profitNow !== fund.data.profit && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {t('kpi:quarterly.profitChanged', { now: money(fund.data.profitNow, fund.data.currency) })}
                </Alert>
              )}
              {fund.data.shares.length > 0 && (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={t('kpi:quarterly.fund')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('kpi:fields.userId')}</TableCell>
                        <TableCell align="right">{t('kpi:quarterly.achievement')}</TableCell>
                        <TableCell>{t('statements:formula')}</TableCell>
                        <TableCell align="right">{t('statements:amount')}</TableCell>
                        <TableCell />
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {fund.data.shares.map((s) => {
                        const line = fund.data.lines.find((l) => l.key === `share:${s.userId}`);
                        return (
                          <TableRow key={s.userId} data-testid={`kpi-fund-share-${s.userId}`}>
                            <TableCell component="th" scope="row">
                              <bdi>{s.name}</bdi>
                            </TableCell>
                            <TableCell align="right">
                              <bdi>{`${formatDecimalLocale(s.achievement, fmt.locale)} %`}</bdi>
                            </TableCell>
                            <TableCell>
                              <Typography variant="caption" component="bdi" dir="ltr">
                                {line?.formula}
                              </Typography>
                            </TableCell>
                            <TableCell align="right">
                              <bdi>{money(s.amount, fund.data.currency)}</bdi>
                            </TableCell>
                            <TableCell>
                              {s.paidAt ? (
                                <Chip size="small" color="info" label={t('kpi-bonuses:values.state.paid')} />
                              ) : (
                                fund.data.allocated &&
                                can(role, 'kpi-bonuses', 'payFundShare') && (
                                  <Button
                                    size="small"
                                    disabled={act.isPending}
                                    onClick={() =>
                                      act.mutate({
                                        url: '/api/v1/kpi-bonus/bonus-fund/mark-paid',
                                        body: { period, userId: s.userId },
                                        done: 'statements:markedPaid',
                                      })
                                    }
                                  >
                                    {t('statements:markPaid')}
                                  </Button>
                                )
                              )}
                            </TableCell>
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Box>
          )}
        </Card>
      )}
    </Box>
  );
}
