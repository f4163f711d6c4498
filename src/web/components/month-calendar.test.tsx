import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';
import { monthWeeks, MonthCalendar, type MonthCalendarProps } from './month-calendar';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

// September 2031 starts on a Monday and has 30 days; 2031-09-10 is "today".
function Harness({
  start = '2031-09',
  rtl = false,
  view,
  onMonth,
  content = (date: string) => (date === '2031-09-12' ? <span>Lan · Annual</span> : null),
  more,
}: {
  start?: string;
  rtl?: boolean;
  view?: 'grid' | 'list';
  onMonth?: (m: string) => void;
  content?: (date: string) => React.ReactNode;
  more?: Partial<MonthCalendarProps>;
}) {
  const [month, setMonth] = useState(start);
  return (
    <ThemeProvider theme={createTheme({ direction: rtl ? 'rtl' : 'ltr' })}>
      <MonthCalendar
        month={month}
        onMonthChange={(m) => {
          onMonth?.(m);
          setMonth(m);
        }}
        today="2031-09-10"
        label="Leave calendar"
        view={view}
        renderDay={content}
        {...more}
      />
    </ThemeProvider>
  );
}

const cell = (date: string) => document.querySelector<HTMLElement>(`[data-date="${date}"]`)!;

describe('month arithmetic', () => {
  it('covers a month with Monday-first weeks, padding the days of the months around it', () => {
    const sept = monthWeeks('2031-09');
    expect(sept).toHaveLength(5);
    expect(sept[0]![0]).toBe('2031-09-01');
    expect(sept[4]).toEqual(['2031-09-29', '2031-09-30', null, null, null, null, null]);
    // October 2031 starts on a Wednesday.
    expect(monthWeeks('2031-10')[0]).toEqual([null, null, '2031-10-01', '2031-10-02', '2031-10-03', '2031-10-04', '2031-10-05']);
  });
});

describe('MonthCalendar', () => {
  it('is a named grid of weeks from Monday, today marked, weekends shaded, each day drawn by the caller', () => {
    render(<Harness />);
    const grid = screen.getByRole('grid', { name: 'September 2031' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    expect(grid.querySelector('caption')!.textContent).toBe('Leave calendar, September 2031');
    const today = cell('2031-09-10');
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.textContent).toContain('Wednesday, September 10, 2031, today');
    expect(today.tabIndex).toBe(0);
    expect(cell('2031-09-11').tabIndex).toBe(-1);
    expect(cell('2031-09-12').textContent).toContain('Lan · Annual');
    expect(getComputedStyle(cell('2031-09-13')).backgroundColor).not.toBe(getComputedStyle(cell('2031-09-12')).backgroundColor);
  });

  it('moves between days with the arrow keys, Home and End, into the next and previous months', () => {
    const onMonth = vi.fn();
    render(<Harness onMonth={onMonth} />);
    cell('2031-09-10').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('2031-09-11'));
    expect(cell('2031-09-11').tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('2031-09-18'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(cell('2031-09-21'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(cell('2031-09-15'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    // 1 September minus seven days is in August: the calendar turns the page and keeps the focus.
    expect(onMonth).toHaveBeenLastCalledWith('2031-08');
    expect(screen.getByRole('grid', { name: 'August 2031' })).toBeTruthy();
    expect(document.activeElement).toBe(cell('2031-08-25'));
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(document.activeElement).toBe(cell('2031-09-25'));
  });

  it('mirrors the arrow keys and the month buttons right to left', () => {
    render(<Harness rtl />);
    cell('2031-09-10').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cell('2031-09-11'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('2031-09-09'));
    expect(screen.getByTestId('month-calendar-previous').querySelector('[data-testid="ChevronRightIcon"]')).toBeTruthy();
  });

  it('turns the months with its buttons and comes back to this month', () => {
    render(<Harness />);
    const thisMonth = screen.getByRole('button', { name: 'This month' }) as HTMLButtonElement;
    expect(thisMonth.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'October 2031' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('grid', { name: 'August 2031' })).toBeTruthy();
    fireEvent.click(thisMonth);
    expect(screen.getByRole('grid', { name: 'September 2031' })).toBeTruthy();
    expect(cell('2031-09-10').tabIndex).toBe(0);
  });

  it('lists only the days that hold something in the list view, or says the month is empty', () => {
    const { unmount } = render(<Harness view="list" />);
    expect(screen.queryByRole('grid')).toBeNull();
    const list = screen.getByRole('list', { name: 'Leave calendar, September 2031' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toBe('Friday, September 12, 2031Lan · Annual');
    unmount();
    render(<Harness view="list" content={() => null} />);
    expect(screen.getByText('Nothing this month')).toBeTruthy();
  });

  it('takes more of the header, days shaded, named and opened by the caller, and an error in place of the days', () => {
    const onDayClick = vi.fn();
    const { unmount } = render(
      <Harness
        more={{
          actions: <span data-testid="extra">Month total: 8 h</span>,
          isOffDay: (d) => d === '2031-09-11',
          dayLabel: (d) => `${d}: 8 h`,
          onDayClick,
        }}
      />,
    );
    expect(screen.getByTestId('extra').textContent).toBe('Month total: 8 h');
    expect(getComputedStyle(cell('2031-09-11')).backgroundColor).toBe(getComputedStyle(cell('2031-09-13')).backgroundColor);
    expect(getComputedStyle(cell('2031-09-11')).backgroundColor).not.toBe(getComputedStyle(cell('2031-09-12')).backgroundColor);
    expect(screen.getByRole('gridcell', { name: '2031-09-12: 8 h' })).toBe(cell('2031-09-12'));
    fireEvent.click(cell('2031-09-12'));
    expect(onDayClick).toHaveBeenLastCalledWith('2031-09-12');
    cell('2031-09-10').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onDayClick).toHaveBeenLastCalledWith('2031-09-10');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(onDayClick).toHaveBeenLastCalledWith('2031-09-11');
    unmount();
    render(<Harness more={{ fallback: <p>Could not load</p> }} />);
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByText('Could not load')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeTruthy();
  });

  it('names the months and days in the interface language', async () => {
    await act(() => changeLanguage('ar'));
    render(<Harness rtl />);
    const title = new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date('2031-09-01T00:00:00Z'),
    );
    expect(screen.getByRole('grid', { name: title })).toBeTruthy();
    const monday = new Intl.DateTimeFormat('ar', { weekday: 'short', timeZone: 'UTC' }).format(new Date('2031-09-01T00:00:00Z'));
    expect(screen.getAllByRole('columnheader')[0]!.textContent).toBe(monday);
    expect(screen.getByRole('button', { name: 'الشهر التالي' })).toBeTruthy();
  });
});
