import { Children, Fragment, isValidElement, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { addMonths, monthRange } from '../../domain/months';
import { useFormatters } from '../i18n/format';

// A month as weeks of seven days from Monday, each day drawn by the caller. Dates are calendar
// dates ('2031-09-01') computed in UTC, so no time zone moves a day.

const DAY_MS = 86_400_000;
/** Read by screen readers, not drawn. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
const MONTH = /^\d{4}-\d{2}$/;

/** 'YYYY-MM-DD' of a UTC time. */
const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const timeOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The weeks (Monday first) covering a month; days of the months around it are null. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const { from, to } = monthRange(month);
  const lead = (new Date(timeOf(from)).getUTCDay() + 6) % 7;
  const days: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let t = timeOf(from); t <= timeOf(to); t += DAY_MS) days.push(isoOf(t));
  while (days.length % 7) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
}

/** Saturday or Sunday. */
export const isWeekend = (date: string) => [0, 6].includes(new Date(timeOf(date)).getUTCDay());

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Nothing to show: null, false, an empty string or a fragment/array of such. */
function isEmpty(node: ReactNode): boolean {
  if (node === null || node === undefined || node === false || node === true || node === '') return true;
  if (Array.isArray(node)) return node.every(isEmpty);
  if (isValidElement(node) && node.type === Fragment)
    return Children.toArray((node.props as { children?: ReactNode }).children).every(isEmpty);
  return false;
}

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
  const { t } = useTranslation();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const asList = (view ?? (narrow ? 'list' : 'grid')) === 'list';
  const { locale } = useFormatters();
  const shown = MONTH.test(month) ? month : today.slice(0, 7);
  const weeks = useMemo(() => monthWeeks(shown), [shown]);
  const { from, to } = monthRange(shown);

  const names = useMemo(() => {
    const utc = { timeZone: 'UTC' } as const;
    const title = new Intl.DateTimeFormat(locale, { ...utc, month: 'long', year: 'numeric' });
    const full = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const dayNumber = new Intl.DateTimeFormat(locale, { ...utc, day: 'numeric' });
    const short = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'short' });
    const long = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'long' });
    // 2024-01-01 was a Monday.
    const weekdays = Array.from({ length: 7 }, (_, i) => {
      const d = new Date(Date.UTC(2024, 0, 1 + i));
      return { short: short.format(d), long: long.format(d) };
    });
    return {
      title: (m: string) => title.format(new Date(timeOf(`${m}-01`))),
      full: (date: string) => full.format(new Date(timeOf(date))),
      day: (date: string) => dayNumber.format(new Date(timeOf(date))),
      weekdays,
    };
  }, [locale]);

  // The one day in the Tab order (a roving tabindex); it follows the month shown.
  const [active, setActive] = useState(() => (today.startsWith(shown) ? today : from));
  const activeDay = active >= from && active <= to ? active : today.startsWith(shown) ? today : from;
  const focusNext = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${activeDay}"]`)?.focus();
  }, [activeDay, shown]);

  const moveTo = (date: string) => {
    focusNext.current = true;
    setActive(date);
    if (!date.startsWith(shown)) onMonthChange(date.slice(0, 7));
  };

  const shaded = (date: string) => isWeekend(date) || !!isOffDay?.(date);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>, date: string) => {
    if (onDayClick && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onDayClick(date);
      return;
    }
    const t0 = timeOf(date);
    const weekday = (new Date(t0).getUTCDay() + 6) % 7;
    // Left goes back in time in a left-to-right calendar and forward in a mirrored one.
    const side = rtl ? -1 : 1;
    const steps: Record<string, () => string> = {
      ArrowLeft: () => isoOf(t0 - side * DAY_MS),
      ArrowRight: () => isoOf(t0 + side * DAY_MS),
      ArrowUp: () => isoOf(t0 - 7 * DAY_MS),
      ArrowDown: () => isoOf(t0 + 7 * DAY_MS),
      Home: () => isoOf(t0 - weekday * DAY_MS),
      End: () => isoOf(t0 + (6 - weekday) * DAY_MS),
      PageUp: () => sameDayIn(addMonths(shown, -1), date),
      PageDown: () => sameDayIn(addMonths(shown, 1), date),
    };
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    moveTo(step());
  };

  const go = (m: string) => {
    onMonthChange(m);
    setActive(m === today.slice(0, 7) ? today : monthRange(m).from);
  };
  const [Back, Forward] = rtl ? [ChevronRight, ChevronLeft] : [ChevronLeft, ChevronRight];
  const title = names.title(shown);
  const titleId = useId();

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
      <Tooltip title={t('common:calendar.previous')}>
        <IconButton aria-label={t('common:calendar.previous')} onClick={() => go(addMonths(shown, -1))} data-testid={`${testId}-previous`}>
          <Back />
        </IconButton>
      </Tooltip>
      <Typography
        id={titleId}
        data-testid={`${testId}-title`}
        variant="h6"
        component="h2"
        aria-live="polite"
        sx={{ minWidth: '10rem', textAlign: 'center' }}
      >
        {title}
      </Typography>
      <Tooltip title={t('common:calendar.next')}>
        <IconButton aria-label={t('common:calendar.next')} onClick={() => go(addMonths(shown, 1))} data-testid={`${testId}-next`}>
          <Forward />
        </IconButton>
      </Tooltip>
      <Button
        size="small"
        variant="outlined"
        onClick={() => go(today.slice(0, 7))}
        disabled={today.startsWith(shown)}
        sx={{ marginInlineStart: 'auto' }}
      >
        {t('common:calendar.thisMonth')}
      </Button>
      {actions}
      {busy && <LinearProgress aria-label={t('common:loading')} sx={{ flexBasis: '100%', height: 2 }} />}
    </Box>
  );

  if (fallback)
    return (
      <Box data-testid={testId}>
        {header}
        {fallback}
      </Box>
    );

  if (asList) {
    const days = weeks
      .flat()
      .filter((d): d is string => !!d)
      .map((date) => ({ date, content: renderDay(date) }))
      .filter((d) => !isEmpty(d.content));
    return (
      <Box data-testid={testId} aria-busy={busy || undefined}>
        {header}
        {!days.length ? (
          <Typography sx={{ color: 'text.secondary', py: 2 }}>{empty ?? t('common:calendar.nothing')}</Typography>
        ) : (
          <Box component="ol" aria-label={`${label}, ${title}`} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={`${testId}-list`}>
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
        )}
      </Box>
    );
  }

  return (
    <Box data-testid={testId}>
      {header}
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          role="grid"
          ref={gridRef}
          aria-labelledby={titleId}
          aria-busy={busy || undefined}
          sx={{ width: 1, minWidth: 560, tableLayout: 'fixed', borderCollapse: 'collapse' }}
        >
          <Box component="caption" sx={visuallyHidden}>
            {`${label}, ${title}`}
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
                    <Box
                      component="td"
                      role="gridcell"
                      key={date}
                      data-date={date}
                      tabIndex={date === activeDay ? 0 : -1}
                      aria-current={date === today ? 'date' : undefined}
                      onKeyDown={(e: KeyboardEvent<HTMLElement>) => onKeyDown(e, date)}
                      onFocus={() => date !== active && setActive(date)}
                      onClick={onDayClick && (() => onDayClick(date))}
                      aria-label={dayLabel?.(date)}
                      title={dayLabel?.(date)}
                      sx={{
                        verticalAlign: 'top',
                        height: 96,
                        p: 0.5,
                        border: 1,
                        borderColor: 'divider',
                        bgcolor: shaded(date) ? 'action.hover' : undefined,
                        overflow: 'hidden',
                        cursor: onDayClick ? 'pointer' : undefined,
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
                            fontWeight: date === today ? 700 : 400,
                            ...(date === today && { bgcolor: 'primary.main', color: 'primary.contrastText' }),
                          }}
                        >
                          {names.day(date)}
                        </Box>
                        <Box component="span" sx={visuallyHidden}>
                          {names.full(date)}
                          {date === today && `, ${t('common:calendar.today')}`}
                        </Box>
                      </Box>
                      {renderDay(date)}
                    </Box>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}

/** The same day of the month in another month, or its last day. */
function sameDayIn(month: string, date: string): string {
  const { to } = monthRange(month);
  const day = `${month}-${date.slice(8)}`;
  return day > to ? to : day;
}
