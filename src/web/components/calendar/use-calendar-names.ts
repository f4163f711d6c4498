import { useMemo } from 'react';
import { timeOf } from './calendar-dates';

/** The locale's names for the calendar: its title, a day in full, a day's number and the weekdays from Monday. */
export function useCalendarNames(locale: string) {
  return useMemo(() => {
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
}

export type CalendarNames = ReturnType<typeof useCalendarNames>;
