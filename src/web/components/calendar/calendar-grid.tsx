import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import Box from '@mui/material/Box';
import { CalendarDayCell } from './calendar-day-cell';
import type { CalendarNames } from './use-calendar-names';
import { visuallyHidden } from '../visually-hidden';

type Props = {
  weeks: Array<Array<string | null>>;
  renderDay: (date: string) => ReactNode;
  names: CalendarNames;
  /** The grid's caption: the calendar's label and the month's title. */
  caption: string;
  /** The header's title, which names the grid. */
  titleId: string;
  today: string;
  activeDay: string;
  gridRef: RefObject<HTMLTableElement | null>;
  onKeyDown: (e: KeyboardEvent<HTMLElement>, date: string) => void;
  onFocusDay: (date: string) => void;
  shaded: (date: string) => boolean;
  dayLabel?: (date: string) => string;
  onDayClick?: (date: string) => void;
  busy?: boolean;
};

/** The month as an ARIA grid: weekday headers from Monday (the weekend's shaded), a row a week, the other months' days blank. */
export function CalendarGrid(p: Props) {
  const { weeks, names, today, onDayClick, dayLabel } = p;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        role="grid"
        ref={p.gridRef}
        aria-labelledby={p.titleId}
        aria-busy={p.busy || undefined}
        sx={{ width: 1, minWidth: 560, tableLayout: 'fixed', borderCollapse: 'collapse' }}
      >
        <Box component="caption" sx={visuallyHidden}>
          {p.caption}
        </Box>
        <thead>
          <tr role="row">
            {names.weekdays.map((w, i) => (
              <Box
                component="th"
                role="columnheader"
                scope="col"
                key={w.long}
                abbr={w.long}
                sx={{ py: 0.5, typography: 'caption', color: 'text.secondary', bgcolor: i >= 5 ? 'action.hover' : undefined }}
              >
                {w.short}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr role="row" key={w}>
              {week.map((date, i) =>
                !date ? (
                  <Box
                    component="td"
                    role="gridcell"
                    key={i}
                    aria-hidden
                    sx={{ border: 1, borderColor: 'divider', bgcolor: 'action.disabledBackground' }}
                  />
                ) : (
                  <CalendarDayCell
                    key={date}
                    date={date}
                    names={names}
                    isToday={date === today}
                    tabbable={date === p.activeDay}
                    shaded={p.shaded(date)}
                    label={dayLabel?.(date)}
                    onKeyDown={(e) => p.onKeyDown(e, date)}
                    onFocus={() => p.onFocusDay(date)}
                    onClick={onDayClick && (() => onDayClick(date))}
                  >
                    {p.renderDay(date)}
                  </CalendarDayCell>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
