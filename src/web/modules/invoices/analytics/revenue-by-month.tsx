import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { analyticsFilters, REVENUE_STATUSES, type InvoiceAnalytics } from '../../../../domain/modules/invoices/invoices.analytics';
import { useFormatters } from '../../../i18n/format';
import { AnalyticsSection, chartBox } from './analytics-section';
import { FigureLink, listUrl } from './figure-link';

type Props = {
  data: InvoiceAnalytics;
  monthName: (period: string) => string;
  statusColor: Record<'draft' | 'sent' | 'paid', string>;
  navigate: (to: string) => void;
};

/** Each month's revenue stacked by status: a bar opens its invoices; the table beside it has every figure as a link. */
export function RevenueByMonth({ data, monthName, statusColor, navigate }: Props) {
  const { t } = useTranslation(['invoices']);
  const fmt = useFormatters();
  const rtl = useTheme().direction === 'rtl';
  const cur = data.baseCurrency;
  const money = (v: number | null) => (v === null ? '' : fmt.money(v, cur));
  return (
    <AnalyticsSection title={t('invoices:analytics.byMonth', { currency: cur })} testId="analytics-months">
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
    </AnalyticsSection>
  );
}
