import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { todayIn } from '../../../domain/modules/leave/leave.rules';
import type { calendarSchema, LeaveRequest } from '../../../domain/modules/leave-requests/leave-requests.schema';
import { ErrorState } from '../../components/error-state';
import { monthRange } from '../../../domain/months';
import { isWeekend, MonthCalendar } from '../../components/month-calendar';
import { http } from '../../providers/http';
import { onNotificationSocket, retainNotificationSocket } from '../../providers/notification-socket';

type Calendar = z.infer<typeof calendarSchema>;
type Entry = Pick<LeaveRequest, 'id' | 'type' | 'startDate' | 'endDate' | 'halfDay'> & {
  fullName?: string;
  status: 'approved' | 'pending';
};

const TYPE_COLOR: Record<LeaveRequest['type'], ChipProps['color']> = {
  annual: 'primary',
  sick: 'warning',
  unpaid: 'default',
  wedding: 'secondary',
  bereavement: 'default',
  maternity: 'info',
  compensatory: 'success',
};

/** Public holidays and approved leave of a month, as the caller may see them. */
function useMonthCalendar(month: string) {
  const { from, to } = monthRange(month);
  return useQuery({
    queryKey: ['calendar', 'month', from, to],
    queryFn: async () => (await http.get<Calendar>('/api/calendar', { params: { from, to } })).data,
  });
}

/**
 * A leave decision (or any change of a request) reaches this tab: the calendars and the balance
 * are read again, so an approval shows without reloading.
 */
export function useLeaveLive() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: ['leave-requests'] });
      void client.invalidateQueries({ queryKey: ['calendar'] });
    };
    const offNotification = onNotificationSocket<[{ type?: string } | undefined]>('notification', (n) => {
      if (n?.type?.startsWith('leave_')) refresh();
    });
    const offLive = onNotificationSocket<[{ channel?: string } | undefined]>('live', (e) => {
      if (e?.channel === 'resources/leave-requests') refresh();
    });
    const release = retainNotificationSocket();
    return () => {
      offNotification();
      offLive();
      release();
    };
  }, [client]);
}

/** Leave is drawn on working days only: a weekend or a holiday inside a range is not taken. */
const onDay = (entries: Entry[], date: string, holidays: Set<string>) =>
  isWeekend(date) || holidays.has(date) ? [] : entries.filter((e) => e.startDate <= date && date <= e.endDate);

/** A day's holidays and leave, or null for an empty day (the calendar's list view leaves such days out). */
function dayContent(t: TFunction, date: string, entries: Entry[], holidays: Calendar['holidays']) {
  const holiday = holidays.filter((h) => h.date === date);
  const away = onDay(entries, date, new Set(holidays.map((h) => h.date)));
  if (!holiday.length && !away.length) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {holiday.map((h) => (
        <Typography
          key={h.id}
          variant="caption"
          dir="auto"
          sx={{ color: 'error.main', fontWeight: 600, lineHeight: 1.2 }}
          data-testid="calendar-holiday"
        >
          {t('leave-requests:calendar.holiday', { name: h.name })}
        </Typography>
      ))}
      {away.map((e) => {
        const pending = e.status === 'pending';
        const type = t(`leave-requests:values.type.${e.type}`);
        const half = e.halfDay ? ` · ${t('leave-requests:calendar.half', { part: t(`leave-requests:values.halfDay.${e.halfDay}`) })}` : '';
        return (
          <Box key={e.id} data-testid="calendar-leave" data-status={e.status} sx={{ minWidth: 0 }}>
            {e.fullName && (
              <Typography variant="caption" component="div" dir="auto" noWrap title={e.fullName} sx={{ lineHeight: 1.2 }}>
                {e.fullName}
              </Typography>
            )}
            {/* Like the lists' status chips: a coloured border and dot, the words in the text colour (readable in every theme). */}
            <Chip
              size="small"
              variant="outlined"
              color={TYPE_COLOR[e.type]}
              icon={
                <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'currentColor', ml: '8px !important' }} />
              }
              label={`${type}${half}${pending ? ` · ${t('leave-requests:calendar.pending')}` : ''}`}
              sx={{
                maxWidth: 1,
                height: 'auto',
                '& .MuiChip-label': { color: 'text.primary', whiteSpace: 'normal', py: 0.25 },
                // Pending is dashed and says so; approved is solid.
                borderStyle: pending ? 'dashed' : 'solid',
              }}
            />
          </Box>
        );
      })}
    </Box>
  );
}

function CalendarCard({
  title,
  testId,
  month,
  onMonthChange,
  entries,
  calendar,
  error,
  onRetry,
}: {
  title: string;
  testId: string;
  month: string;
  onMonthChange: (m: string) => void;
  entries: Entry[] | undefined;
  calendar: Calendar | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card sx={{ p: 2, mb: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        <MonthCalendar
          month={month}
          onMonthChange={onMonthChange}
          today={todayIn()}
          label={title}
          busy={!calendar || !entries}
          empty={t('leave-requests:calendar.empty')}
          data-testid={testId}
          renderDay={(date) => (calendar && entries ? dayContent(t, date, entries, calendar.holidays) : null)}
        />
      )}
    </Card>
  );
}

/** Everyone's approved leave the caller may see, and the public holidays, month by month. */
export function TeamLeaveCalendar() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => todayIn().slice(0, 7));
  const calendar = useMonthCalendar(month);
  const entries = calendar.data?.leave.map((l) => ({ ...l, status: 'approved' as const }));
  return (
    <CalendarCard
      title={t('leave-requests:calendar.team')}
      testId="team-leave-calendar"
      month={month}
      onMonthChange={setMonth}
      entries={entries}
      calendar={calendar.data}
      error={calendar.error}
      onRetry={() => void calendar.refetch()}
    />
  );
}

/** The caller's approved and pending leave, and the public holidays, month by month. */
export function MyLeaveCalendar() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => todayIn().slice(0, 7));
  const calendar = useMonthCalendar(month);
  // My requests of every status (the calendar route answers approved leave only); pending ones are drawn apart.
  const mine = useQuery({
    queryKey: ['leave-requests', 'my-requests', 'rows'],
    queryFn: async () => (await http.get<{ data: LeaveRequest[] }>('/api/leave-requests/my-requests')).data.data,
  });
  const entries = mine.data?.filter((r): r is LeaveRequest & Entry => r.status === 'approved' || r.status === 'pending');
  return (
    <CalendarCard
      title={t('leave-requests:calendar.mine')}
      testId="my-leave-calendar"
      month={month}
      onMonthChange={setMonth}
      entries={entries}
      calendar={calendar.data}
      error={calendar.error ?? mine.error}
      onRetry={() => {
        void calendar.refetch();
        void mine.refetch();
      }}
    />
  );
}
