import { Suspense, useLayoutEffect } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { FilterBar } from './filter-bar';
import type { ListState } from './list-params';
import { useResource } from './use-resource';

vi.mock('../../providers/auth-context', () => ({ useAuthContext: () => ({ role: 'admin', user: { id: 'me' } }) }));

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(cleanup);

const ACTIVE: ListState = {
  page: 1,
  pageSize: 10,
  sort: { field: 'fullName', order: 'asc' },
  q: '',
  filters: { status: ['active'] },
} as ListState;

/** The users' filter bar whose list state never catches up: as while the address is still changing. */
function Bar({ onChange }: { onChange: (next: Pick<ListState, 'q' | 'filters'>) => void }) {
  const meta = useResource('users');
  return <FilterBar meta={meta} state={ACTIVE} onChange={onChange} />;
}

async function pick(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('FilterBar', () => {
  it('builds each pick on the one before, not on a list state that has not caught up yet', async () => {
    const changes: Array<Pick<ListState, 'q' | 'filters'>> = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback={null}>
          <Bar onChange={(next) => changes.push(next)} />
        </Suspense>
      </QueryClientProvider>,
    );
    const status = await screen.findByRole('combobox', { name: 'Status' });
    await pick(status, 'All');
    await pick(status, 'Inactive');
    expect(changes).toEqual([
      { q: '', filters: {} },
      { q: '', filters: { status: ['inactive'] } },
    ]);
    // The choice shows at once.
    const root = status.closest('.MuiAutocomplete-root') as HTMLElement;
    await waitFor(() =>
      expect(
        within(root)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toContain('Inactive'),
    );
    expect(within(root).queryByText('Active')).toBeNull();
  });

  it('keeps a search typed as soon as the box shows, before the list has run its first effects', async () => {
    // React runs a render's effects after the browser has painted it: a keystroke can reach the box
    // in between. Typed here from a layout effect, which runs after the commit and before them.
    function TypeOnFirstPaint({ text }: { text: string }) {
      useLayoutEffect(() => {
        const box = screen.getByRole('searchbox') as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, text);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      }, [text]);
      return null;
    }
    function List({ onChange }: { onChange: (next: Pick<ListState, 'q' | 'filters'>) => void }) {
      const meta = useResource('users');
      return (
        <>
          <FilterBar meta={meta} state={ACTIVE} onChange={onChange} />
          <TypeOnFirstPaint text="Amelia" />
        </>
      );
    }
    const changes: Array<Pick<ListState, 'q' | 'filters'>> = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <List onChange={(next) => changes.push(next)} />
      </QueryClientProvider>,
    );
    // The box keeps the text, and the search reaches the list once typing pauses.
    await waitFor(() => expect(changes).toEqual([{ q: 'Amelia', filters: { status: ['active'] } }]));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('Amelia');
  });
});
