import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { leaveDays, todayIn, type HalfDay } from '../../../domain/modules/leave/leave.rules';
import type { LeaveBalance } from '../../../domain/modules/leave-requests/leave-requests.schema';
import { ErrorState } from '../../components/error-state';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The caller's annual balance for a year (my-requests answers it with the requests). */
export function useMyBalance(year: number) {
  return useQuery({
    queryKey: ['leave-requests', 'my-requests', year],
    queryFn: async () => (await http.get<{ balance: LeaveBalance }>('/api/leave-requests/my-requests', { params: { year } })).data.balance,
  });
}

const FIGURES = ['entitlement', 'carried', 'used', 'pending', 'remaining'] as const;

/** Entitlement, carry-over, used, pending and remaining days of one year, as a row of figures. */
export function BalanceCard({ year = Number(todayIn().slice(0, 4)) }: { year?: number }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const balance = useMyBalance(year);
  return (
    <Card sx={{ p: 2, mb: 3 }} data-testid="leave-balance">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('leave-requests:balance.title', { year })}
      </Typography>
      {balance.isError ? (
        <ErrorState error={balance.error} onRetry={() => void balance.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' } }}>
          {FIGURES.map((f) => (
            <Box key={f}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t(`leave-matrix:fields.${f}`)}
              </Typography>
              {balance.data ? (
                <Typography variant="h6" component="p" data-testid={`leave-balance-${f}`}>
                  {fmt.number(balance.data[f])}
                </Typography>
              ) : (
                <Skeleton width={40} height={32} />
              )}
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}

/**
 * Inside the request form: the working days the dates cost (public holidays from the calendar)
 * and, for annual leave, the balance before and after. The server decides; this only previews.
 */
export function BalancePreview() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const [type, startDate, endDate, halfDay] = useWatch({ name: ['type', 'startDate', 'endDate', 'halfDay'] }) as [
    string | undefined,
    string | null | undefined,
    string | null | undefined,
    HalfDay | null | undefined,
  ];
  const valid = !!startDate && !!endDate && ISO_DATE.test(startDate) && ISO_DATE.test(endDate) && endDate >= startDate;
  // The start date's year, as soon as there is one; this year before.
  const year = Number((startDate && ISO_DATE.test(startDate) ? startDate : todayIn()).slice(0, 4));
  const balance = useMyBalance(year);
  const holidays = useQuery({
    queryKey: ['calendar', startDate, endDate],
    enabled: valid,
    queryFn: async () =>
      (await http.get<{ holidays: Array<{ date: string }> }>('/api/calendar', { params: { from: startDate, to: endDate } })).data.holidays,
  });
  const days =
    valid && holidays.data
      ? leaveDays(
          { startDate, endDate, halfDay },
          holidays.data.map((h) => h.date),
        )
      : undefined;
  const before = balance.data?.remaining;
  const after = before !== undefined && days !== undefined ? before - days : undefined;
  return (
    <Box sx={{ mt: 3 }} data-testid="leave-preview" aria-live="polite">
      {type === 'annual' && before !== undefined && (
        <Typography>
          {t('leave-requests:balance.before', { year, days: fmt.number(before) })}
          {after !== undefined && <> · {t('leave-requests:balance.after', { days: fmt.number(after) })}</>}
        </Typography>
      )}
      {days !== undefined && (
        <Typography sx={{ color: 'text.secondary' }} data-testid="leave-preview-days">
          {t('leave-requests:balance.asking', { days: fmt.number(days) })}
        </Typography>
      )}
      {type === 'annual' && after !== undefined && after < 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('leave-requests:balance.over')}
        </Alert>
      )}
    </Box>
  );
}
