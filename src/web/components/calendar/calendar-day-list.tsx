import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CalendarNames } from './use-calendar-names';

/** Nothing to show: null, false, an empty string or a fragment/array of such. */
function isEmpty(node: ReactNode): boolean {
  if (node === null || node === undefined || node === false || node === true || node === '') return true;
  if (Array.isArray(node)) return node.every(isEmpty);
  if (isValidElement(node) && node.type === Fragment)
    return Children.toArray((node.props as { children?: ReactNode }).children).every(isEmpty);
  return false;
}

type Props = {
  weeks: Array<Array<string | null>>;
  renderDay: (date: string) => ReactNode;
  names: CalendarNames;
  /** The list's accessible name: the calendar's label and the month's title. */
  label: string;
  today: string;
  shaded: (date: string) => boolean;
  empty?: string;
  testId: string;
};

/** The narrow screen's calendar: only the days that hold something, as a list, each under its date in full. */
export function CalendarDayList({ weeks, renderDay, names, label, today, shaded, empty, testId }: Props) {
  const { t } = useTranslation();
  const days = weeks
    .flat()
    .filter((d): d is string => !!d)
    .map((date) => ({ date, content: renderDay(date) }))
    .filter((d) => !isEmpty(d.content));
  if (!days.length) return <Typography sx={{ color: 'text.secondary', py: 2 }}>{empty ?? t('common:calendar.nothing')}</Typography>;
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={`${testId}-list`}>
      {days.map(({ date, content }) => (
        <Box
          component="li"
          key={date}
          data-date={date}
          aria-current={date === today ? 'date' : undefined}
          sx={{
            py: 1,
            px: 1,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: shaded(date) ? 'action.hover' : undefined,
          }}
        >
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: date === today ? 700 : 500 }}>
            {names.full(date)}
            {date === today && ` · ${t('common:calendar.today')}`}
          </Typography>
          {content}
        </Box>
      ))}
    </Box>
  );
}
