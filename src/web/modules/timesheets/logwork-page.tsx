import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { todayIn } from '../../../domain/modules/leave/leave.rules';
import { MonthView } from './month-view';
import { WeekGrid } from './week-grid';
import { mondayOf } from './week-dates';

/** My logwork: a week grid to type hours in, and a month calendar of each day's total. */
export function LogworkPage() {
  const { t } = useTranslation();
  const today = todayIn();
  const [view, setView] = useState<'week' | 'month'>('week');
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [month, setMonth] = useState(() => today.slice(0, 7));
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
        <WeekGrid monday={monday} setMonday={setMonday} today={today} />
      ) : (
        <MonthView
          month={month}
          setMonth={setMonth}
          today={today}
          openDay={(date) => {
            setMonday(mondayOf(date));
            setView('week');
          }}
        />
      )}
    </Box>
  );
}
