import { useId, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useFormatters } from '../i18n/format';
import { isWeekend, localToday, MONTH, monthWeeks } from './calendar/calendar-dates';
import { CalendarDayList } from './calendar/calendar-day-list';
import { CalendarGrid } from './calendar/calendar-grid';
import { CalendarHeader } from './calendar/calendar-header';
import { useCalendarNames } from './calendar/use-calendar-names';
import { useDayNavigation } from './calendar/use-day-navigation';

// A month as weeks of seven days from Monday, each day drawn by the caller. Dates are calendar
// dates ('2031-09-01') computed in UTC, so no time zone moves a day.

export { isWeekend, monthWeeks };

export type MonthCalendarProps = {
  /** The month shown, 'YYYY-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
  /** What a day holds (people away, a holiday…); nothing for an empty day. */
  renderDay: (date: string) => ReactNode;
  /** The calendar's accessible name, before the month ("Leave calendar"). */
  label: string;
  /** Today's date, 'YYYY-MM-DD' (the browser's day by default). */
  today?: string;
  /** The list below 600 px wide, the grid above; either can be forced. */
  view?: 'grid' | 'list';
  /** The list view's text for a month with nothing in it. */
  empty?: string;
  /** While the month's data loads: the grid says it is busy. */
  busy?: boolean;
  /** More of the header, after "This month" (a month's total, its actions…). */
  actions?: ReactNode;
  /** Shown under the header instead of the days (a load error, say). */
  fallback?: ReactNode;
  /** Days shaded like the weekend (public holidays…). */
  isOffDay?: (date: string) => boolean;
  /** A day's accessible name and hover title, when what it holds does not say enough. */
  dayLabel?: (date: string) => string;
  /** Click, Enter or Space on a day of the grid. */
  onDayClick?: (date: string) => void;
  'data-testid'?: string;
};

/**
 * A month calendar: a grid of weeks × seven days from Monday (weekends shaded, today marked),
 * previous / next / this month, arrow keys between days (Home/End the week's ends, PageUp/PageDown
 * the months), mirrored in right-to-left languages; below 600 px the days that hold something as a list.
 * The caller may add to the header, shade more days, name days and open one (click, Enter or Space).
 */
export function MonthCalendar({
  month,
  onMonthChange,
  renderDay,
  label,
  today = localToday(),
  view,
  empty,
  busy,
  actions,
  fallback,
  isOffDay,
  dayLabel,
  onDayClick,
  'data-testid': testId = 'month-calendar',
}: MonthCalendarProps) {
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const asList = (view ?? (narrow ? 'list' : 'grid')) === 'list';
  const { locale } = useFormatters();
  const shown = MONTH.test(month) ? month : today.slice(0, 7);
  const weeks = useMemo(() => monthWeeks(shown), [shown]);
  const names = useCalendarNames(locale);
  const nav = useDayNavigation({ shown, today, rtl, onMonthChange, onDayClick });
  const shaded = (date: string) => isWeekend(date) || !!isOffDay?.(date);
  const title = names.title(shown);
  const titleId = useId();

  const header = (
    <CalendarHeader
      shown={shown}
      title={title}
      titleId={titleId}
      today={today}
      rtl={rtl}
      go={nav.go}
      actions={actions}
      busy={busy}
      testId={testId}
    />
  );

  if (fallback)
    return (
      <Box data-testid={testId}>
        {header}
        {fallback}
      </Box>
    );

  if (asList)
    return (
      <Box data-testid={testId} aria-busy={busy || undefined}>
        {header}
        <CalendarDayList
          weeks={weeks}
          renderDay={renderDay}
          names={names}
          label={`${label}, ${title}`}
          today={today}
          shaded={shaded}
          empty={empty}
          testId={testId}
        />
      </Box>
    );

  return (
    <Box data-testid={testId}>
      {header}
      <CalendarGrid
        weeks={weeks}
        renderDay={renderDay}
        names={names}
        caption={`${label}, ${title}`}
        titleId={titleId}
        today={today}
        activeDay={nav.activeDay}
        gridRef={nav.gridRef}
        onKeyDown={nav.onKeyDown}
        onFocusDay={nav.onFocusDay}
        shaded={shaded}
        dayLabel={dayLabel}
        onDayClick={onDayClick}
        busy={busy}
      />
    </Box>
  );
}
