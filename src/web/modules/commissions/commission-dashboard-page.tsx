import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { CommissionCalculation, CommissionDashboard } from '../../../domain/modules/commissions/commissions.views';
import { can } from '../../../domain/resources';
import { ErrorState } from '../../components/error-state';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { http } from '../../providers/http';
import { toast } from '../../toast';

const FIGURES = ['earned', 'approved', 'paid', 'clawedBack'] as const;

/**
 * Sales commission of a year: each month's earned, approved (not yet paid), paid and clawed-back
 * amounts as a chart with its table, and each sale's months, every figure opening its statement.
 * A sale sees their own; a lead also calculates a sale's month here — previewed, then stored.
 */
export function CommissionDashboardPage() {
  const { t } = useTranslation(['commissions', 'errors']);
  const fmt = useFormatters();
  const { role } = useAuthContext();
  const rtl = useTheme().direction === 'rtl';
  const [sp, setSp] = useSearchParams();
  const year = Number(sp.get('year')) || new Date().getFullYear();
  const query = useQuery({
    queryKey: ['commission-dashboard', year],
    queryFn: async () => (await http.get<CommissionDashboard>(`/api/commission/dashboard?year=${year}`)).data,
  });
  const flip = { transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) };
  const d = query.data;
  const money = (v: string | number | null) => (v === null || !d ? '' : fmt.money(v, d.currency));
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, minWidth: 200 }}>
          {t('commissions:dashboard.title')}
        </Typography>
        <IconButton aria-label={t('commissions:dashboard.previousYear')} onClick={() => setSp({ year: String(year - 1) })}>
          <ChevronLeft sx={flip} />
        </IconButton>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="commission-dashboard-year">
          {year}
        </Typography>
        <IconButton aria-label={t('commissions:dashboard.nextYear')} onClick={() => setSp({ year: String(year + 1) })}>
          <ChevronRight sx={flip} />
        </IconButton>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {t('commissions:dashboard.intro')}{' '}
        <Link component={RouterLink} to="/commission">
          {t('commissions:dashboard.allStatements')}
        </Link>
      </Typography>
      {can(role, 'commissions', 'create') && <CalculatePanel />}
      {query.isPending ? (
        <Skeleton variant="rounded" height={280} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack spacing={3}>
          <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('commissions:dashboard.byMonth', { currency: d!.currency })}
            </Typography>
            <Box aria-hidden sx={{ width: '100%', minWidth: 0 }} data-testid="commission-chart">
              <BarChart
                height={260}
                skipAnimation
                enableKeyboardNavigation={false}
                margin={{ left: 8, right: 8 }}
                xAxis={[{ scaleType: 'band', data: d!.months.map((m) => fmt.month(m.month)), reverse: rtl }]}
                yAxis={[
                  { valueFormatter: (v: number) => fmt.number(v, { notation: 'compact' }), position: rtl ? 'right' : 'left', width: 56 },
                ]}
                series={FIGURES.map((f) => ({
                  id: f,
                  label: t(`commissions:figures.${f}`),
                  data: d!.months.map((m) => Number(m[f])),
                  valueFormatter: money,
                }))}
              />
            </Box>
            <TableContainer>
              <Table size="small" aria-label={t('commissions:dashboard.byMonth', { currency: d!.currency })}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('commissions:fields.period')}</TableCell>
                    {FIGURES.map((f) => (
                      <TableCell key={f} align="right">
                        {t(`commissions:figures.${f}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d!.months.map((m) => (
                    <TableRow key={m.month} data-testid={`commission-month-${m.month}`}>
                      <TableCell component="th" scope="row">
                        {fmt.month(m.month)}
                      </TableCell>
                      {FIGURES.map((f) => (
                        <TableCell key={f} align="right">
                          <bdi>{money(m[f])}</bdi>
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
          <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('commissions:dashboard.bySale')}
            </Typography>
            {d!.rows.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{t('commissions:dashboard.empty')}</Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label={t('commissions:dashboard.bySale')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('commissions:fields.userId')}</TableCell>
                      <TableCell>{t('commissions:fields.period')}</TableCell>
                      <TableCell>{t('commissions:fields.state')}</TableCell>
                      {FIGURES.map((f) => (
                        <TableCell key={f} align="right">
                          {t(`commissions:figures.${f}`)}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {d!.rows.map((r) => (
                      <TableRow key={r.statementId} data-testid={`commission-row-${r.userId}-${r.month}`}>
                        <TableCell component="th" scope="row" dir="auto">
                          {r.name}
                        </TableCell>
                        <TableCell>
                          <Link component={RouterLink} to={`/commission/${r.statementId}`}>
                            {fmt.month(r.month)}
                          </Link>
                        </TableCell>
                        <TableCell>{t(`commissions:values.state.${r.state}`)}</TableCell>
                        {FIGURES.map((f) => (
                          <TableCell key={f} align="right">
                            <bdi>{money(r[f])}</bdi>
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Card>
        </Stack>
      )}
    </Box>
  );
}

type Person = { id: string; fullName: string };

/** A lead picks a sale and a month: Preview computes it without storing, Store keeps it as a draft and opens it. */
function CalculatePanel() {
  const { t } = useTranslation(['commissions', 'errors', 'validation']);
  const fmt = useFormatters();
  const navigate = useNavigate();
  const [userId, setUserId] = useState('');
  const [period, setPeriod] = useState(() => new Date().toISOString().slice(0, 7));
  const sales = useQuery({
    queryKey: ['commission-sales'],
    queryFn: async () =>
      (await http.get<Person[]>('/api/v1/user?role=sale&role=sale_lead&_start=0&_end=500&_sort=fullName&_order=asc')).data,
  });
  const run = useMutation({
    mutationFn: async (store: boolean) =>
      (await http.post<CommissionCalculation>(`/api/commission/calculate/${userId}`, { period, store })).data,
    onSuccess: (c, store) => {
      if (store && c.statement) {
        toast.success(t('commissions:stored'));
        void navigate(`/commission/${c.statement.id}`);
      }
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  const c = run.data;
  return (
    <Card sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }} data-testid="commission-calculate">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('commissions:calculate.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('commissions:fields.userId')}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'commission-calculate-sale' } }}
        >
          {(sales.data ?? []).map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.fullName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="month"
          label={t('commissions:fields.period')}
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'commission-calculate-month' } }}
        />
        <Button
          variant="outlined"
          disabled={!userId || !period || run.isPending}
          onClick={() => run.mutate(false)}
          data-testid="commission-preview"
        >
          {t('commissions:calculate.preview')}
        </Button>
        <Button
          variant="contained"
          disabled={!userId || !period || run.isPending}
          onClick={() => run.mutate(true)}
          data-testid="commission-store"
        >
          {t('commissions:calculate.store')}
        </Button>
      </Stack>
      {c && (
        <Box sx={{ mt: 2, overflowX: 'auto' }} data-testid="commission-preview-result">
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('commissions:version', { version: c.ruleVersion })}
          </Typography>
          <Table size="small" aria-label={t('commissions:calculate.title')}>
            <TableBody>
              {c.lines.map((l) => (
                <TableRow key={l.key}>
                  <TableCell dir="auto">{l.label}</TableCell>
                  <TableCell>
                    <Typography variant="body2" component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                      {l.formula}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">
                    <bdi>{fmt.money(l.amount, c.unit)}</bdi>
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                  {t('commissions:fields.payable')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="commission-preview-total">
                  <bdi>{fmt.money(c.payable, c.unit)}</bdi>
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
