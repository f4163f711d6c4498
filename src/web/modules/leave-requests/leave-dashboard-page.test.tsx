import { cleanup, render, screen, within } from '@testing-library/react';
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
    get.mockResolvedValueOnce({
      data: {
        today: '2031-03-03',
        onLeaveToday: [leave],
        onLeaveThisWeek: [leave],
        pendingCount: 7,
        year: 2031,
        daysByType: [{ type: 'sick', days: 4 }],
        daysByMonth: months,
      },
    });
    renderPage();
    expect((await screen.findByTestId('leave-pending-count')).textContent).toBe('7');
    expect(within(screen.getByTestId('leave-today')).getByText('Nguyễn Văn An')).toBeTruthy();
    expect(screen.getByText('Days taken by type, 2031')).toBeTruthy();
    expect(screen.getAllByText('Sick').length).toBeGreaterThan(0);
    expect(get).toHaveBeenCalledWith('/api/leave-requests/dashboard');
  });

  it('says so when nobody is away and nothing was taken', async () => {
    get.mockResolvedValueOnce({
      data: {
        today: '2031-03-03',
        onLeaveToday: [],
        onLeaveThisWeek: [],
        pendingCount: 0,
        year: 2031,
        daysByType: [],
        daysByMonth: months,
      },
    });
    renderPage();
    expect(await screen.findAllByText('Nobody')).toHaveLength(2);
    expect(screen.getByText('No leave taken yet')).toBeTruthy();
  });
});
