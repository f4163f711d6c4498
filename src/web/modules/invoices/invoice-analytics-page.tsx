import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTheme } from '@mui/material/styles';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { ErrorState } from '../../components/error-state';
import { DayField } from '../../components/form/month-field';
import { useFormatters } from '../../i18n/format';
import { AnalyticsBody } from './analytics/analytics-body';
import { useAnalyticsFilters } from './analytics/use-analytics-filters';
import { useInvoiceAnalytics } from './analytics/use-invoice-analytics';

const MONTH_CHOICES = [3, 6, 12, 24];

/** Invoice analytics as of a date (in the address): revenue by month and status, ageing, customers; each figure opens its invoices. */
export function InvoiceAnalyticsPage() {
  const { t } = useTranslation(['invoices', 'common', 'errors']);
  const fmt = useFormatters();
  const theme = useTheme();
  const navigate = useNavigate();
  const { asOf, months, set } = useAnalyticsFilters();
  const query = useInvoiceAnalytics(asOf, months);
  const data = query.data;
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
        <DayField
          size="small"
          label={t('invoices:analytics.asOf')}
          value={asOf}
          onChange={(v) => v && set('asOf', v)}
          testId="analytics-as-of"
          sx={{ width: '11rem' }}
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
