import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { LeaveDashboardPage } from './leave-dashboard-page';

const months = Array.from({ length: 12 }, (_, i) => ({ month: `2031-${String(i + 1).padStart(2, '0')}`, days: i === 2 ? 4 : 0 }));
const leave = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  fullName: 'Nguyễn Văn An',
  type: 'sick',
  startDate: '2031-03-03',
  endDate: '2031-03-04',
  halfDay: null,
  days: 2,
};
const get = vi.hoisted(() => vi.fn());
vi.mock('../../providers/http', () => ({ http: { get } }));
// The tab's socket, its handlers kept so a test can play an event arriving.
const socket = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../providers/notification-socket', () => ({
  onNotificationSocket: (event: string, handler: (payload: unknown) => void) => {
    socket.set(event, handler);
    return () => socket.delete(event);
  },
  retainNotificationSocket: () => () => {},
}));

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(cleanup);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LeaveDashboardPage />
    </QueryClientProvider>,
  );
}

describe('LeaveDashboardPage', () => {
  it("shows the pending count, who is away, and the year's days by type", async () => {
    get.mockImplementation(async (url: string) =>
      url === '/api/calendar'
        ? { data: { holidays: [{ id: '00000000-0000-4000-8000-000000000003', date: '2031-03-05', name: 'Founders Day' }], leave: [leave] } }
        : { data: dashboard },
    );
    const dashboard = {
      today: '2031-03-03',
      onLeaveToday: [leave],
      onLeaveThisWeek: [leave],
      pendingCount: 7,
      year: 2031,
      daysByType: [{ type: 'sick', days: 4 }],
      daysByMonth: months,
    };
    renderPage();
    expect((await screen.findByTestId('leave-pending-count')).textContent).toBe('7');
    expect(within(screen.getByTestId('leave-today')).getByText('Nguyễn Văn An')).toBeTruthy();
    expect(screen.getByText('Days taken by type, 2031')).toBeTruthy();
    expect(screen.getAllByText('Sick').length).toBeGreaterThan(0);
    expect(get).toHaveBeenCalledWith('/api/leave-requests/dashboard');
  });

  it("draws the month's approved leave and holidays in the calendar", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-03T05:00:00Z') });
    get.mockImplementation(async (url: string) =>
      url === '/api/calendar'
        ? {
            data: {
              holidays: [{ id: '00000000-0000-4000-8000-000000000003', date: '2031-03-05', name: 'Founders Day' }],
              leave: [
                { ...leave, halfDay: null },
                {
                  ...leave,
                  id: '00000000-0000-4000-8000-000000000004',
                  fullName: 'Trần Thị Bình',
                  type: 'annual',
                  startDate: '2031-03-04',
                  endDate: '2031-03-04',
                  halfDay: 'pm',
                  days: 0.5,
                },
              ],
            },
          }
        : new Promise(() => {}),
    );
    renderPage();
    expect(get).toHaveBeenCalledWith('/api/calendar', { params: { from: '2031-03-01', to: '2031-03-31' } });
    const grid = await screen.findByRole('grid', { name: 'March 2031' });
    await within(grid).findAllByText('Nguyễn Văn An');
    const day = (date: string) => grid.querySelector<HTMLElement>(`[data-date="${date}"]`)!;
    expect(day('2031-03-03').textContent).toContain('Nguyễn Văn AnSick');
    expect(day('2031-03-04').textContent).toContain('Trần Thị BìnhAnnual · ½ Afternoon');
    expect(day('2031-03-05').textContent).toContain('Holiday: Founders Day');
    expect(day('2031-03-05').textContent).not.toContain('Nguyễn');
    // A leave decision arrives: the calendar is read again; another notification changes nothing.
    const calls = () => get.mock.calls.filter(([url]) => url === '/api/calendar').length;
    const before = calls();
    act(() => socket.get('notification')!({ type: 'job_assigned', title: 'x', message: 'y' }));
    expect(calls()).toBe(before);
    act(() => socket.get('notification')!({ type: 'leave_approved', title: 'Leave request approved', message: '…' }));
    await waitFor(() => expect(calls()).toBe(before + 1));
    vi.useRealTimers();
  });

  it('says so when nobody is away and nothing was taken', async () => {
    get.mockImplementation(async (url: string) => (url === '/api/calendar' ? { data: { holidays: [], leave: [] } } : { data: dashboard }));
    const dashboard = {
      today: '2031-03-03',
      onLeaveToday: [],
      onLeaveThisWeek: [],
      pendingCount: 0,
      year: 2031,
      daysByType: [],
      daysByMonth: months,
    };
    renderPage();
    expect(await screen.findAllByText('Nobody')).toHaveLength(2);
    expect(screen.getByText('No leave taken yet')).toBeTruthy();
    // The months in the reader's words, not as the API sends them.
    expect(screen.getByText('Mar 2031')).toBeTruthy();
    expect(screen.queryByText('2031-03')).toBeNull();
  });
});
