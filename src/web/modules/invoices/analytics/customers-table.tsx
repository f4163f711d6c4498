import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { analyticsFilters, type InvoiceAnalytics } from '../../../../domain/modules/invoices/invoices.analytics';
import { AnalyticsSection } from './analytics-section';
import { FigureLink } from './figure-link';

/** Every customer's revenue, outstanding and overdue, each figure a link to its invoices. */
export function CustomersTable({ data }: { data: InvoiceAnalytics }) {
  const { t } = useTranslation(['invoices']);
  const cur = data.baseCurrency;
  return (
    <AnalyticsSection title={t('invoices:analytics.byCustomer', { currency: cur })} testId="analytics-customers">
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
    </AnalyticsSection>
  );
}
