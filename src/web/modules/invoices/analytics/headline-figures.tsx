import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { analyticsFilters, type InvoiceAnalytics } from '../../../../domain/modules/invoices/invoices.analytics';
import { useFormatters } from '../../../i18n/format';
import { FigureLink } from './figure-link';

/** Revenue over the months shown, outstanding and overdue as of the date: three cards, each figure a link to its invoices. */
export function HeadlineFigures({ data, monthName }: { data: InvoiceAnalytics; monthName: (period: string) => string }) {
  const { t } = useTranslation(['invoices']);
  const fmt = useFormatters();
  const cur = data.baseCurrency;
  return (
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
  );
}
