import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { CalendarNames } from './use-calendar-names';
import { visuallyHidden } from '../visually-hidden';

type Props = {
  date: string;
  names: CalendarNames;
  isToday: boolean;
  /** The one day in the Tab order. */
  tabbable: boolean;
  shaded: boolean;
  /** The day's accessible name and hover title, when its content does not say enough. */
  label?: string;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  onFocus: () => void;
  onClick?: () => void;
  children: ReactNode;
};

/** One day of the grid: its number (today circled), its date in full for screen readers, then what it holds. */
export function CalendarDayCell({ date, names, isToday, tabbable, shaded, label, onKeyDown, onFocus, onClick, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      component="td"
      role="gridcell"
      data-date={date}
      tabIndex={tabbable ? 0 : -1}
      aria-current={isToday ? 'date' : undefined}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={onClick}
      aria-label={label}
      title={label}
      sx={{
        verticalAlign: 'top',
        height: 96,
        p: 0.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: shaded ? 'action.hover' : undefined,
        overflow: 'hidden',
        cursor: onClick ? 'pointer' : undefined,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            minWidth: 24,
            height: 24,
            borderRadius: '50%',
            typography: 'caption',
            fontWeight: isToday ? 700 : 400,
            ...(isToday && { bgcolor: 'primary.main', color: 'primary.contrastText' }),
          }}
        >
          {names.day(date)}
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {names.full(date)}
          {isToday && `, ${t('common:calendar.today')}`}
        </Box>
      </Box>
      {children}
    </Box>
  );
}
