import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceAnalytics } from '../../../../domain/modules/invoices/invoices.analytics';
import { AgeingSection } from './ageing-section';
import { CustomersTable } from './customers-table';
import { HeadlineFigures } from './headline-figures';
import { RevenueByMonth } from './revenue-by-month';
import { TopCustomers } from './top-customers';

type Props = {
  data: InvoiceAnalytics;
  monthName: (period: string) => string;
  statusColor: Record<'draft' | 'sent' | 'paid', string>;
  navigate: (to: string) => void;
};

/** The analytics' sections, or a word when there is nothing invoiced nor owed. */
export function AnalyticsBody({ data, monthName, statusColor, navigate }: Props) {
  const { t } = useTranslation(['invoices']);
  const empty = data.revenue.count === 0 && data.outstanding.count === 0;

  if (empty)
    return (
      <Card sx={{ p: 3 }} data-testid="analytics-empty">
        <Typography sx={{ color: 'text.secondary' }}>{t('invoices:analytics.empty')}</Typography>
      </Card>
    );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <HeadlineFigures data={data} monthName={monthName} />
      <RevenueByMonth data={data} monthName={monthName} statusColor={statusColor} navigate={navigate} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, minWidth: 0 }}>
        <AgeingSection data={data} navigate={navigate} />
        <TopCustomers data={data} navigate={navigate} />
      </Box>
      <CustomersTable data={data} />
    </Stack>
  );
}
