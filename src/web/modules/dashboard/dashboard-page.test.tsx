import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../../../domain/modules/dashboard/dashboard.schema';
import { initI18n } from '../../i18n';
import { DashboardPage } from './dashboard-page';

const get = vi.hoisted(() => vi.fn());
const auth = vi.hoisted(() => ({ role: 'developer' }));
vi.mock('../../providers/http', () => ({ http: { get } }));
vi.mock('../../providers/auth-context', () => ({
  useAuthContext: () => ({ user: { fullName: 'Nguyễn Văn An', email: 'an@example.com', role: auth.role }, role: auth.role }),
}));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base = { today: '2031-03-05', week: { from: '2031-03-03', to: '2031-03-09' } };
const leave: Dashboard['leave'] = {
  balance: { year: 2031, entitlement: 12, carried: 0, used: 2, pending: 1, remaining: 9 },
  next: { id: id(1), type: 'annual', startDate: '2031-03-10', endDate: '2031-03-11', halfDay: null, days: 2 },
};
const zeroStages = ['sourced', 'screening', 'submitted', 'interview', 'offered', 'hired', 'rejected', 'withdrawn'].map((stage) => ({
  stage,
  count: 0,
})) as NonNullable<Dashboard['recruitment']>['pipelineByStage'];

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
  // The charts measure their container.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

function renderPage(role: string, data: Dashboard) {
  auth.role = role;
  get.mockResolvedValueOnce({ data });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DashboardPage', () => {
  it("keeps the welcome card and shows a developer's leave, nothing else", async () => {
    renderPage('developer', { ...base, leave, hours: { logged: 12.5, expected: 32 } });
    expect(screen.getByTestId('welcome-name').textContent).toContain('Nguyễn Văn An');
    expect(screen.getByTestId('welcome-role').getAttribute('data-role')).toBe('developer');
    expect((await screen.findByTestId('leave-remaining')).textContent).toBe('9');
    expect(screen.getByRole('link', { name: 'Annual days remaining in 2031: 9' }).getAttribute('href')).toBe('/leave');
    expect(screen.getByTestId('leave-next').getAttribute('href')).toBe(`/leave/${id(1)}`);
    expect(screen.getByRole('link', { name: /^Logged .*: 12\.5 h$/ }).getAttribute('href')).toBe('/logwork');
    expect(screen.getByTestId('hours-expected').textContent).toBe('Expected: 32 h');
    expect(screen.queryByTestId('widget-utilisation')).toBeNull();
    expect(screen.queryByTestId('widget-open-jobs')).toBeNull();
    expect(screen.queryByTestId('widget-workforce')).toBeNull();
    expect(screen.queryByTestId('widget-team-leave')).toBeNull();
    expect(get).toHaveBeenCalledWith('/api/v1/dashboard');
  });

  it('links each priority to the filtered jobs list, the approvals and the bench; charts carry their numbers', async () => {
    renderPage('manager', {
      ...base,
      leave: { ...leave, next: null },
      team: {
        pendingApprovals: 3,
        upcoming: [
          {
            id: id(2),
            userId: id(3),
            fullName: 'Trần Thị Bích',
            type: 'sick',
            startDate: '2031-03-06',
            endDate: '2031-03-06',
            halfDay: null,
            days: 1,
          },
        ],
      },
      recruitment: {
        openJobsByPriority: [
          { priority: 'low', count: 1 },
          { priority: 'medium', count: 0 },
          { priority: 'high', count: 2 },
          { priority: 'urgent', count: 4 },
        ],
        pipelineByStage: zeroStages.map((s) => (s.stage === 'interview' ? { ...s, count: 5 } : s)),
        candidatesAdded: { count: 1, recent: [{ id: id(4), fullName: 'Lê Minh Châu', createdAt: '2031-03-04T02:00:00.000Z' }] },
        moves: { count: 0, recent: [] },
      },
      workforce: { activeHeadcount: 12, bench: 2, byCustomer: [{ customerId: id(5), name: 'Sakura Systems', count: 12 }] },
      utilisation: { from: '2031-03-01', to: '2031-03-05', billableHours: 90, availableHours: 120, rate: 0.75 },
    });
    expect((await screen.findByRole('link', { name: 'Urgent' })).getAttribute('href')).toBe('/jobs?status=open&priority=urgent');
    expect(screen.getByTestId('open-jobs-urgent').textContent).toBe('4');
    expect(screen.getByTestId('utilisation-rate').textContent).toBe('75%');
    expect(screen.getByTestId('utilisation-rate').closest('a')!.getAttribute('href')).toBe('/logwork/all-devs');
    expect(screen.getByText('90 billable h of 120 h available')).toBeTruthy();
    expect(screen.queryByTestId('widget-hours')).toBeNull();
    expect(screen.getByRole('link', { name: 'Waiting for my approval: 3' }).getAttribute('href')).toBe('/leave/approvals');
    expect(within(screen.getByTestId('team-upcoming')).getByText('Trần Thị Bích')).toBeTruthy();
    expect(screen.getByText('No approved leave ahead')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'On the bench: 2' }).getAttribute('href')).toBe('/headcounts?view=bench');
    expect(screen.getByRole('link', { name: 'Active headcount: 12' }).getAttribute('href')).toBe('/headcounts?status=active');
    expect(screen.getByRole('link', { name: 'Lê Minh Châu' }).getAttribute('href')).toBe(`/candidates/${id(4)}`);
    // The screen reader's copy of the pipeline chart.
    const pipeline = within(screen.getByTestId('pipeline-chart')).getByRole('table', { name: 'Pipeline by stage' });
    expect(within(pipeline).getByRole('row', { name: 'Interview 5' })).toBeTruthy();
    const customers = within(screen.getByTestId('by-customer-chart')).getByRole('table');
    expect(within(customers).getByRole('row', { name: 'Sakura Systems 12' })).toBeTruthy();
  });

  it("shows a manager this month's profit against the last, the bench's cost hidden, costs by category in a chart", async () => {
    renderPage('manager', {
      ...base,
      leave,
      profit: {
        baseCurrency: 'USD',
        thisMonth: {
          period: '2031-03',
          revenue: '1000.00',
          salaryCost: '600.00',
          externalCost: '150.50',
          profit: '249.50',
          margin: '25.0',
        },
        lastMonth: { period: '2031-02', revenue: '0.00', salaryCost: '500.00', externalCost: '0.00', profit: '-500.00', margin: null },
        costsByCategory: [
          { category: 'software', total: '100.50' },
          { category: 'office', total: '50.00' },
        ],
        benchCost: null,
        salaryDetail: false,
      },
    });
    const thisMonth = await screen.findByRole('link', { name: 'Profit, March 2031: $249.50' });
    expect(thisMonth.getAttribute('href')).toBe('/pnl?from=2031-03&to=2031-03&groupBy=customer');
    expect(screen.getByTestId('profit-this-month-margin').textContent).toBe('Margin 25.0 %');
    expect(screen.getByTestId('profit-last-month').textContent).toBe('-$500.00');
    expect(screen.getByTestId('profit-last-month-margin').textContent).toBe('No revenue: no margin');
    expect(screen.getByRole('link', { name: 'Bench and overhead salary cost, this month: Hidden' }).getAttribute('href')).toBe(
      '/pnl?from=2031-03&to=2031-03&groupBy=project',
    );
    const costs = within(screen.getByTestId('costs-chart')).getByRole('table', { name: 'External costs by category, March 2031' });
    expect(within(costs).getByRole('row', { name: 'Software $100.50' })).toBeTruthy();
    expect(within(costs).getByRole('row', { name: 'Office $50.00' })).toBeTruthy();
  });

  it('says so when there is nothing to show', async () => {
    renderPage('sale', {
      ...base,
      leave,
      recruitment: {
        openJobsByPriority: (['low', 'medium', 'high', 'urgent'] as const).map((priority) => ({ priority, count: 0 })),
        pipelineByStage: zeroStages,
        candidatesAdded: { count: 0, recent: [] },
        moves: { count: 0, recent: [] },
      },
      workforce: { activeHeadcount: 0, bench: 0, byCustomer: [] },
    });
    expect(await screen.findByText('No open jobs')).toBeTruthy();
    expect(screen.getByText('No candidates in the pipelines of open jobs')).toBeTruthy();
    expect(screen.getByText('Nothing yet this week')).toBeTruthy();
    expect(screen.getByText('No active seats')).toBeTruthy();
  });

  it('shows the error with a retry when the call fails', async () => {
    auth.role = 'developer';
    get.mockRejectedValueOnce(Object.assign(new Error('Network Error'), { isAxiosError: true }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeTruthy();
    expect(screen.getByTestId('welcome-card')).toBeTruthy();
  });
});
