import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
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
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  analyticsFilters,
  filtersQuery,
  invoiceAnalyticsQuerySchema,
  REVENUE_STATUSES,
  TOP_CUSTOMERS,
  type Figure,
  type InvoiceAnalytics,
  type ListFilters,
} from '../../../domain/modules/invoices/invoices.analytics';
import { ErrorState } from '../../components/error-state';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';

const API = '/api/v1/invoice/analytics';
const MONTH_CHOICES = [3, 6, 12, 24];
const listUrl = (filters: ListFilters) => `/invoices?${filtersQuery(filters)}`;
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Drawings are for the eye and the mouse; the tables beside them carry every figure as a link for everyone. */
const chartBox = { width: 1, minWidth: 0 } as const;

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** A figure as a link to the invoice list that sums to it. */
function FigureLink({ figure, filters, currency, testId }: { figure: Figure; filters: ListFilters; currency: string; testId?: string }) {
  const fmt = useFormatters();
  const { t } = useTranslation('invoices');
  return (
    <Link
      component={RouterLink}
      to={listUrl(filters)}
      underline="hover"
      data-testid={testId}
      data-total={figure.total}
      title={t('analytics.invoiceCount', { count: figure.count, formatted: fmt.number(figure.count) })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {fmt.money(figure.total, currency)}
    </Link>
  );
}

export function InvoiceAnalyticsPage() {
  const { t } = useTranslation(['invoices', 'common', 'errors']);
  const fmt = useFormatters();
  const theme = useTheme();
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const parsed = invoiceAnalyticsQuerySchema.safeParse({ asOf: sp.get('asOf') || undefined, months: sp.get('months') || undefined });
  const asOf = parsed.success ? (parsed.data.asOf ?? todayUtc()) : todayUtc();
  const months = parsed.success ? parsed.data.months : 12;
  const query = useQuery({
    queryKey: ['invoices', 'analytics', asOf, months],
    queryFn: async () => (await http.get<InvoiceAnalytics>(API, { params: { asOf, months } })).data,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(sp);
    next.set(key, value);
    setSp(next, { replace: true });
  };
  const monthName = (period: string) =>
    new Intl.DateTimeFormat(fmt.locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(`${period}-15T12:00:00Z`));
  const statusColor = { draft: theme.palette.grey[500], sent: theme.palette.info.main, paid: theme.palette.success.main };
  const rtl = theme.direction === 'rtl';

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/invoices" startIcon={<ArrowBack sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}>
          {t('invoices:title')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('invoices:analytics.title')}
        </Typography>
        <TextField
          type="date"
          size="small"
          label={t('invoices:analytics.asOf')}
          value={asOf}
          onChange={(e) => e.target.value && set('asOf', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'analytics-as-of' } }}
        />
        <TextField
          select
          size="small"
          label={t('invoices:analytics.months')}
          value={months}
          onChange={(e) => set('months', String(e.target.value))}
          sx={{ minWidth: 120 }}
        >
          {MONTH_CHOICES.map((n) => (
            <MenuItem key={n} value={n}>
              {t('invoices:analytics.lastMonths', { count: n, formatted: fmt.number(n) })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isFetching && data && <LinearProgress aria-label={t('common:loading')} />}
      {query.isError && !data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Stack spacing={2} data-testid="analytics-loading" aria-busy>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      ) : (
        <AnalyticsBody data={data} monthName={monthName} statusColor={statusColor} navigate={(to) => void navigate(to)} />
      )}
    </Stack>
  );
}

function AnalyticsBody({
  data,
  monthName,
  statusColor,
  navigate,
}: {
  data: InvoiceAnalytics;
  monthName: (period: string) => string;
  statusColor: Record<'draft' | 'sent' | 'paid', string>;
  navigate: (to: string) => void;
}) {
  const { t } = useTranslation(['invoices']);
  const fmt = useFormatters();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const cur = data.baseCurrency;
  const money = (v: number | null) => (v === null ? '' : fmt.money(v, cur));
  const empty = data.revenue.count === 0 && data.outstanding.count === 0;
  const top = data.customers.filter((c) => c.revenue.count > 0).slice(0, TOP_CUSTOMERS);
  const bucketLabel = (b: string) => t(`invoices:analytics.buckets.${b}`);

  if (empty)
    return (
      <Card sx={{ p: 3 }} data-testid="analytics-empty">
        <Typography sx={{ color: 'text.secondary' }}>{t('invoices:analytics.empty')}</Typography>
      </Card>
    );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {(
          [
            ['revenue', data.revenue, analyticsFilters.revenue(data.from, data.to)],
            ['outstanding', data.outstanding, analyticsFilters.outstanding()],
            ['overdue', data.overdue, analyticsFilters.overdue(data.asOf)],
          ] as const
        ).map(([key, figure, filters]) => (
          <Card key={key} sx={{ p: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`invoices:analytics.figures.${key}`, { from: monthName(data.from), to: monthName(data.to), date: fmt.date(data.asOf) })}
            </Typography>
            <Typography variant="h5" component="p">
              <FigureLink figure={figure} filters={filters} currency={cur} testId={`analytics-${key}`} />
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('invoices:analytics.invoiceCount', { count: figure.count, formatted: fmt.number(figure.count) })}
            </Typography>
          </Card>
        ))}
      </Box>

      <Section title={t('invoices:analytics.byMonth', { currency: cur })} testId="analytics-months">
        <Box aria-hidden sx={chartBox} data-testid="analytics-months-chart">
          <BarChart
            height={280}
            skipAnimation
            enableKeyboardNavigation={false}
            margin={{ left: 8, right: 8 }}
            xAxis={[{ scaleType: 'band', data: data.months.map((m) => monthName(m.period)), reverse: rtl }]}
            yAxis={[{ valueFormatter: (v: number) => fmt.number(v, { notation: 'compact' }), position: rtl ? 'right' : 'left', width: 56 }]}
            series={REVENUE_STATUSES.map((status) => ({
              id: status,
              stack: 'revenue',
              label: t(`invoices:values.status.${status}`),
              color: statusColor[status],
              data: data.months.map((m) => Number(m.byStatus[status].total)),
              valueFormatter: money,
            }))}
            onItemClick={(_e, item) => {
              const m = data.months[item.dataIndex];
              if (m) navigate(listUrl(analyticsFilters.month(m.period, item.seriesId as (typeof REVENUE_STATUSES)[number])));
            }}
            sx={{ '& .MuiBarElement-root': { cursor: 'pointer' } }}
          />
        </Box>
        <TableContainer>
          <Table size="small" aria-label={t('invoices:analytics.byMonth', { currency: cur })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('invoices:fields.period')}</TableCell>
                {REVENUE_STATUSES.map((s) => (
                  <TableCell key={s} align="right">
                    {t(`invoices:values.status.${s}`)}
                  </TableCell>
                ))}
                <TableCell align="right">{t('invoices:analytics.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.months.map((m) => (
                <TableRow key={m.period} data-testid={`analytics-month-${m.period}`}>
                  <TableCell component="th" scope="row">
                    {monthName(m.period)}
                  </TableCell>
                  {REVENUE_STATUSES.map((s) => (
                    <TableCell key={s} align="right">
                      <FigureLink
                        figure={m.byStatus[s]}
                        filters={analyticsFilters.month(m.period, s)}
                        currency={cur}
                        testId={`month-${m.period}-${s}`}
                      />
                    </TableCell>
                  ))}
                  <TableCell align="right">
                    <FigureLink figure={m} filters={analyticsFilters.month(m.period)} currency={cur} testId={`month-${m.period}-total`} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Section>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, minWidth: 0 }}>
        <Section title={t('invoices:analytics.ageing', { date: fmt.date(data.asOf) })} testId="analytics-ageing">
          <Box aria-hidden sx={chartBox}>
            <BarChart
              height={220}
              skipAnimation
              enableKeyboardNavigation={false}
              hideLegend
              margin={{ left: 8, right: 8 }}
              xAxis={[{ scaleType: 'band', data: data.ageing.map((b) => bucketLabel(b.bucket)), reverse: rtl }]}
              yAxis={[
                { valueFormatter: (v: number) => fmt.number(v, { notation: 'compact' }), position: rtl ? 'right' : 'left', width: 56 },
              ]}
              series={[
                { id: 'ageing', data: data.ageing.map((b) => Number(b.total)), valueFormatter: money, color: theme.palette.warning.main },
              ]}
              onItemClick={(_e, item) => {
                const b = data.ageing[item.dataIndex];
                if (b) navigate(listUrl(analyticsFilters.bucket(b.bucket, data.asOf)));
              }}
              sx={{ '& .MuiBarElement-root': { cursor: 'pointer' } }}
            />
          </Box>
          <Table size="small" aria-label={t('invoices:analytics.ageing', { date: fmt.date(data.asOf) })}>
            <TableBody>
              {data.ageing.map((b) => (
                <TableRow key={b.bucket}>
                  <TableCell component="th" scope="row">
                    {bucketLabel(b.bucket)}
                  </TableCell>
                  <TableCell align="right">{fmt.number(b.count)}</TableCell>
                  <TableCell align="right">
                    <FigureLink
                      figure={b}
                      filters={analyticsFilters.bucket(b.bucket, data.asOf)}
                      currency={cur}
                      testId={`ageing-${b.bucket}`}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>

        <Section title={t('invoices:analytics.topCustomers')} testId="analytics-top">
          {top.length ? (
            <Box aria-hidden sx={chartBox}>
              <PieChart
                height={220}
                skipAnimation
                hideLegend
                series={[
                  {
                    id: 'customers',
                    innerRadius: 40,
                    data: top.map((c) => ({ id: c.customerId, value: Number(c.revenue.total), label: c.name })),
                    valueFormatter: (v) => money(v.value),
                  },
                ]}
                onItemClick={(_e, item) => {
                  const c = top[item.dataIndex];
                  if (c) navigate(listUrl(analyticsFilters.customerRevenue(c.customerId, data.from, data.to)));
                }}
                sx={{ '& .MuiPieArc-root': { cursor: 'pointer' } }}
              />
            </Box>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('invoices:analytics.noRevenue')}</Typography>
          )}
          <Table size="small" aria-label={t('invoices:analytics.topCustomers')}>
            <TableBody>
              {top.map((c) => (
                <TableRow key={c.customerId}>
                  <TableCell component="th" scope="row">
                    {c.name}
                  </TableCell>
                  <TableCell align="right">
                    <FigureLink
                      figure={c.revenue}
                      filters={analyticsFilters.customerRevenue(c.customerId, data.from, data.to)}
                      currency={cur}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      </Box>

      <Section title={t('invoices:analytics.byCustomer', { currency: cur })} testId="analytics-customers">
        <TableContainer>
          <Table size="small" aria-label={t('invoices:analytics.byCustomer', { currency: cur })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('invoices:fields.customerId')}</TableCell>
                <TableCell align="right">{t('invoices:analytics.figures.revenueShort')}</TableCell>
                <TableCell align="right">{t('invoices:analytics.figures.outstandingShort')}</TableCell>
                <TableCell align="right">{t('invoices:analytics.figures.overdueShort')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.customers.map((c) => (
                <TableRow key={c.customerId}>
                  <TableCell component="th" scope="row">
                    {c.name}
                  </TableCell>
                  <TableCell align="right">
                    <FigureLink
                      figure={c.revenue}
                      filters={analyticsFilters.customerRevenue(c.customerId, data.from, data.to)}
                      currency={cur}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <FigureLink figure={c.outstanding} filters={analyticsFilters.outstanding(c.customerId)} currency={cur} />
                  </TableCell>
                  <TableCell align="right">
                    <FigureLink figure={c.overdue} filters={analyticsFilters.overdue(data.asOf, c.customerId)} currency={cur} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Section>
    </Stack>
  );
}
