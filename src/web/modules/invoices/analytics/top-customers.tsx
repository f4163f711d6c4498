import { useTranslation } from 'react-i18next';
import { PieChart } from '@mui/x-charts/PieChart';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { analyticsFilters, TOP_CUSTOMERS, type InvoiceAnalytics } from '../../../../domain/modules/invoices/invoices.analytics';
import { useFormatters } from '../../../i18n/format';
import { AnalyticsSection, chartBox } from './analytics-section';
import { FigureLink, listUrl } from './figure-link';

/** The customers with most revenue over the months shown: a slice and a row each, opening their invoices. */
export function TopCustomers({ data, navigate }: { data: InvoiceAnalytics; navigate: (to: string) => void }) {
  const { t } = useTranslation(['invoices']);
  const fmt = useFormatters();
  const cur = data.baseCurrency;
  const money = (v: number | null) => (v === null ? '' : fmt.money(v, cur));
  const top = data.customers.filter((c) => c.revenue.count > 0).slice(0, TOP_CUSTOMERS);
  return (
    <AnalyticsSection title={t('invoices:analytics.topCustomers')} testId="analytics-top">
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
                {/* Isolated: in Arabic, "Maple Health Inc." would read ".Maple Health Inc". */}
                <bdi>{c.name}</bdi>
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
    </AnalyticsSection>
  );
}
