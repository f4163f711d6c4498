import { Suspense } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n';
import { http } from '../../providers/http';
import { History, relativeTime, type AuditEntry } from './history';
import { useResource } from './use-resource';

// The History tab as a person reads it: names for ids, translated labels and values, money and
// dates in the reader's locale, archive and restore named as such, and a long History paged.

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

const AMELIA = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Amelia Carter' };
const LAN = '22222222-2222-4222-8222-222222222222';
const RAVI = '33333333-3333-4333-8333-333333333333';
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The API as the History reads it: the audit pages, and the labels of the people it names. */
function serve(pages: AuditEntry[][], total: number) {
  const labels: Record<string, string> = { [LAN]: 'Lan Nguyễn', [RAVI]: 'Ravi Kumar' };
  return vi.spyOn(http, 'get').mockImplementation(async (url: string, config?: { params?: unknown }) => {
    const params = (config?.params ?? {}) as Record<string, unknown>;
    if (url === '/api/v1/audit') return { data: { data: pages[Number(params.page) - 1] ?? [], total } };
    if (url.endsWith('/lookup')) {
      const ids = (params.id as string[]) ?? [];
      return { data: ids.filter((id) => labels[id]).map((id) => ({ id, label: labels[id] })) };
    }
    throw new Error(`unexpected GET ${url}`);
  });
}

function Tab({ resource, record }: { resource: string; record?: Record<string, unknown> }) {
  const meta = useResource(resource);
  return <History meta={meta} id="44444444-4444-4444-8444-444444444444" record={record} />;
}

function mount(resource: string, record?: Record<string, unknown>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback="…">
        <Tab resource={resource} record={record} />
      </Suspense>
    </QueryClientProvider>,
  );
}

const customerEntries: AuditEntry[] = [
  { id: 'e4', at: ago(5 * 60_000), action: 'restored', actor: AMELIA, changes: [] },
  { id: 'e3', at: ago(2 * 3_600_000), action: 'deleted', actor: AMELIA, changes: [] },
  {
    id: 'e2',
    at: ago(26 * 3_600_000),
    action: 'updated',
    actor: AMELIA,
    changes: [
      { field: 'ownerSaleId', from: LAN, to: RAVI },
      { field: 'status', from: 'active', to: 'inactive' },
      { field: 'paymentTermsDays', from: 30, to: 1200 },
    ],
  },
];

describe('History', () => {
  it('names people, translates labels and values, says archived and restored, and tells when both ways', async () => {
    const get = serve([customerEntries], 3);
    mount('customers');
    const list = await screen.findByTestId('history');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-action'))).toEqual(['restored', 'deleted', 'updated']);
    expect(items[0]!.textContent).toContain('Restored by Amelia Carter · 5 minutes ago');
    // A customer is archived, not deleted.
    expect(items[1]!.textContent).toContain('Archived by Amelia Carter · 2 hours ago');
    expect(items[2]!.textContent).toContain('Updated by Amelia Carter · yesterday');
    // The exact time too, in the locale's format.
    expect(items[2]!.querySelector('time')?.getAttribute('title')).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)/);
    await waitFor(() => expect(items[2]!.textContent).toContain('Account owner: Lan Nguyễn → Ravi Kumar'));
    expect(items[2]!.textContent).toContain('Status: Active → Inactive');
    expect(items[2]!.textContent).toContain('Payment terms (days): 30 → 1,200');
    expect(items[2]!.textContent).not.toContain(LAN);
    // One lookup for both people.
    const lookups = get.mock.calls.filter(([url]) => String(url).endsWith('/lookup'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]![1]).toMatchObject({ params: { id: [LAN, RAVI].sort() } });
    expect(screen.queryByTestId('history-more')).toBeNull();
  });

  it('in French: labels, values, relative and exact times, money in the record’s currency', async () => {
    await changeLanguage('fr');
    serve(
      [
        [
          {
            id: 'h1',
            at: ago(3 * 86_400_000),
            action: 'updated',
            actor: AMELIA,
            changes: [
              { field: 'billingRate', from: '5000.50', to: '6200' },
              { field: 'status', from: 'pending', to: 'active' },
              { field: 'startDate', from: '2026-01-15', to: '2026-02-01' },
            ],
          },
          {
            id: 'h0',
            at: ago(40 * 86_400_000),
            action: 'created',
            actor: null,
            changes: [{ field: 'title', from: null, to: 'Développeuse' }],
          },
        ],
      ],
      2,
    );
    mount('headcounts', { currency: 'EUR' });
    const items = within(await screen.findByTestId('history')).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Modifié par Amelia Carter · il y a 3 jours');
    expect(items[0]!.textContent).toMatch(/5\s000,50\s€ → 6\s200,00\s€/);
    expect(items[0]!.textContent).toContain('Actif');
    expect(items[0]!.textContent).toContain('15/01/2026 → 01/02/2026');
    // A creation lists what it set, without an arrow from nothing; the system when no one did it.
    expect(items[1]!.textContent).toMatch(/Créé par le système/);
    expect(items[1]!.textContent).toContain(': Développeuse');
    expect(items[1]!.textContent).not.toContain('→');
  });

  it('reads a long History a page at a time, newest first, and says how much is shown', async () => {
    const page = (from: number, n: number): AuditEntry[] =>
      Array.from({ length: n }, (_, i) => ({
        id: `p${from + i}`,
        at: ago((from + i) * 60_000),
        action: 'updated',
        actor: AMELIA,
        changes: [{ field: 'paymentTermsDays', from: from + i, to: from + i + 1 }],
      }));
    const get = serve([page(0, 20), page(20, 5)], 25);
    mount('customers');
    const list = await screen.findByTestId('history');
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('20 of 25 changes')).toBeTruthy();
    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByTestId('history-more')).toBeNull();
    const audits = get.mock.calls.filter(([url]) => url === '/api/v1/audit').map(([, c]) => (c as { params: object }).params);
    expect(audits).toEqual([expect.objectContaining({ page: 1, limit: 20 }), expect.objectContaining({ page: 2, limit: 20 })]);
    // Twenty-five entries rendered twice: slow on a busy machine, never long.
  }, 20_000);
});

describe('relativeTime', () => {
  it('says how long ago in the language asked', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(relativeTime('2026-03-10T11:59:40Z', 'en-US', now)).toBe('this minute');
    expect(relativeTime('2026-03-09T12:00:00Z', 'en-US', now)).toBe('yesterday');
    expect(relativeTime('2026-03-09T12:00:00Z', 'fr-FR', now)).toBe('hier');
    expect(relativeTime('2025-03-10T12:00:00Z', 'en-US', now)).toBe('last year');
    expect(relativeTime('2026-03-10T09:00:00Z', 'ar', now)).toMatch(/ساعات/);
  });
});
