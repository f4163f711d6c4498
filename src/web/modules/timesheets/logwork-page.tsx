import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isoDate } from '../../../domain/fields';
import { todayIn } from '../../../domain/modules/leave/leave.rules';
import { monthSchema } from '../../../domain/modules/timesheets/all-devs';
import { useUrlState } from '../../components/url-state';
import { MonthView } from './month-view';
import { WeekGrid } from './week-grid';
import { mondayOf } from './week-dates';

/** My logwork: a week grid to type hours in, and a month calendar of each day's total. */
export function LogworkPage() {
  const { t } = useTranslation();
  const today = todayIn();
  // The day (its week on a wide screen), the month and the tab are in the address: a reload keeps them.
  const { get, set } = useUrlState();
  const view = get<'week' | 'month'>('view', 'week', (v) => v === 'month');
  const day = get('day', today, (v) => isoDate.safeParse(v).success);
  const month = get('month', today.slice(0, 7), (v) => monthSchema.safeParse(v).success);
  const setDay = (d: string) => set({ day: d === today ? null : d });
  const setMonth = (m: string) => set({ month: m === today.slice(0, 7) ? null : m });
  const setView = (v: 'week' | 'month') => set({ view: v === 'week' ? null : v });
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ mb: 2, gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1">
          {t('timesheets:page.title')}
        </Typography>
        <Tabs value={view} onChange={(_, v: 'week' | 'month') => setView(v)} aria-label={t('timesheets:page.view')}>
          <Tab value="week" label={t('timesheets:page.week')} data-testid="logwork-week-tab" />
          <Tab value="month" label={t('timesheets:page.month')} data-testid="logwork-month-tab" />
        </Tabs>
      </Stack>
      {view === 'week' ? (
        // One grid per week: a refused cell's message stays with its week.
        <WeekGrid key={mondayOf(day)} day={day} setDay={setDay} today={today} />
      ) : (
        <MonthView
          month={month}
          setMonth={setMonth}
          today={today}
          openDay={(date) => set({ view: null, day: date === today ? null : date })}
        />
      )}
    </Box>
  );
}
