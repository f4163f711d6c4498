import { Suspense } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { SettingsProvider } from '../../settings';
import { AppThemeProvider } from '../../theme';
import { FilterBar } from './filter-bar';
import type { ListState } from './list-params';
import { useResource } from './use-resource';

vi.mock('../../providers/auth-context', () => ({ useAuthContext: () => ({ role: 'admin', user: { id: 'me' } }) }));

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const state = (filters: Record<string, string[]>): ListState =>
  ({ page: 1, pageSize: 10, sort: { field: 'month', order: 'desc' }, q: '', filters }) as ListState;

function Bar({
  resource,
  filters,
  onChange,
}: {
  resource: string;
  filters: Record<string, string[]>;
  onChange: (n: Pick<ListState, 'q' | 'filters'>) => void;
}) {
  const meta = useResource(resource);
  return <FilterBar meta={meta} state={state(filters)} onChange={onChange} />;
}

function renderBar(
  resource: string,
  filters: Record<string, string[]>,
  onChange: (n: Pick<ListState, 'q' | 'filters'>) => void = () => {},
) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsProvider>
        <AppThemeProvider>
          <Suspense fallback={null}>
            <Bar resource={resource} filters={filters} onChange={onChange} />
          </Suspense>
        </AppThemeProvider>
      </SettingsProvider>
    </QueryClientProvider>,
  );
}

const sections = (group: HTMLElement) =>
  group
    .closest('.MuiPickersTextField-root')
    ?.querySelector('.MuiPickersSectionList-root')
    ?.textContent?.replace(/[\u200e\u2066-\u2069]/g, '');

describe('the filter bar’s months, dates and yes/no', () => {
  it('shows a month filter and a date range in the reader’s language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderBar('salaries', { month: ['2026-11'] });
    const month = await screen.findByRole('group', { name: /^Mois/ });
    await waitFor(() => expect(sections(month)).toBe('novembre 2026'), { timeout: 8000 });
    cleanup();
    renderBar('invoices', { period_gte: ['2026-10'], issueDate_lte: ['2026-11-28'] });
    await waitFor(
      () => {
        const shown = screen.getAllByRole('group').map(sections);
        expect(shown).toContain('octobre 2026');
        expect(shown).toContain('28/11/2026');
      },
      { timeout: 8000 },
    );
  }, 20_000);

  it('offers All, Yes and No for a yes/no filter (an invoice’s Overdue)', async () => {
    const changes: Array<Pick<ListState, 'q' | 'filters'>> = [];
    renderBar('invoices', {}, (n) => changes.push(n));
    const overdue = await screen.findByRole('combobox', { name: 'Overdue' });
    fireEvent.mouseDown(overdue);
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Yes', 'No']);
    fireEvent.click(within(list).getByRole('option', { name: 'Yes' }));
    expect(changes.at(-1)).toEqual({ q: '', filters: { overdue: ['true'] } });
  }, 20_000);
});
