import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { monthRange } from '../../../domain/months';
import { dayAfterKey } from './calendar-dates';

type Options = {
  /** The month shown, 'YYYY-MM'. */
  shown: string;
  today: string;
  rtl: boolean;
  onMonthChange: (month: string) => void;
  onDayClick?: (date: string) => void;
};

/**
 * The day in the Tab order (a roving tabindex) and where the keys and the month buttons move it;
 * a key that leaves the month shown turns the month, and the focus follows into the new grid.
 */
export function useDayNavigation({ shown, today, rtl, onMonthChange, onDayClick }: Options) {
  const { from, to } = monthRange(shown);
  // The one day in the Tab order; it follows the month shown.
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

  const onKeyDown = (e: KeyboardEvent<HTMLElement>, date: string) => {
    if (onDayClick && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onDayClick(date);
      return;
    }
    const next = dayAfterKey(e.key, date, shown, rtl);
    if (next === undefined) return;
    e.preventDefault();
    moveTo(next);
  };

  /** A focused day (by click or Tab) becomes the one in the Tab order. */
  const onFocusDay = (date: string) => date !== active && setActive(date);

  /** Show another month from the header: its today, else its first day, takes the Tab stop. */
  const go = (m: string) => {
    onMonthChange(m);
    setActive(m === today.slice(0, 7) ? today : monthRange(m).from);
  };

  return { activeDay, gridRef, onKeyDown, onFocusDay, go };
}
