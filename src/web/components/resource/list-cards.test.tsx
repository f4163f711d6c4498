import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { rowAllows } from '../../../domain/resource';
import { initI18n } from '../../i18n';
import { useFormatters } from '../../i18n/format';
import { cardFigures, ListCards } from './list-cards';
import type { Row } from './list-columns';
import { DEFAULT_PAGE_SIZE } from './list-params';
import { recordName, recordParams } from './record-name';
import { actionOffered } from './state-actions';
import type { ListData } from './use-list-data';
import { useResource } from './use-resource';

// The list on a phone: a card per row names it by its declared title (a salary: its person and its
// month in words), shows its state and key figures, and offers only the actions the row's own rights
// and state allow — the same declaration the server answers by.

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});

const PERSON = '11111111-1111-4111-8111-111111111111';
const salary = (id: string, status: string): Row => ({
  id,
  userId: PERSON,
  month: '2026-11',
  net: '53219384',
  currency: 'VND',
  status,
});
const names = new Map([[PERSON, 'Nguyễn Văn A']]);
const labelsOf = (source: string) => (source === 'users' ? names : new Map<string, string>());

function data(rows: Row[]): ListData {
  const query = { isError: false, isFetching: false, failureCount: 0, error: null, refetch: () => undefined };
  return { query, rows, total: rows.length, settledTotal: rows.length, labelsOf } as unknown as ListData;
}

function SalaryCards({ rows }: { rows: Row[] }) {
  const meta = useResource('salaries');
  const fmt = useFormatters();
  return (
    <ListCards
      meta={meta}
      fmt={fmt}
      role="hr_lead"
      state={{ page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: salariesResource.defaultSort, q: '', filters: {} }}
      data={data(rows)}
      fixed={{}}
      showHref={(row) => `/salary/${row.id}`}
      editHref={(row) => `/salary/${row.id}/edit`}
      canEdit
      canDelete
      canWriteRow={(row, action) => rowAllows(salariesResource, action, row)}
      onDelete={() => undefined}
      rowActions={(row) => ['approve', 'markPaid'].filter((a) => actionOffered(salariesResource, 'hr_lead', a, row))}
      onAction={() => undefined}
      selectable={() => true}
      selected={new Set()}
      onToggle={() => undefined}
      emptyText="Nothing"
      onPage={() => undefined}
    />
  );
}

describe('the list as cards', () => {
  it('names each salary by its person and month, with its state, its net and the actions its state allows', { timeout: 20_000 }, () => {
    render(
      <MemoryRouter>
        <SalaryCards rows={[salary('d', 'draft'), salary('a', 'approved'), salary('p', 'paid')]} />
      </MemoryRouter>,
    );
    const cards = within(screen.getByRole('list', { name: 'Salaries' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [draft, approved, paid] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(draft).getByRole('heading').textContent).toBe('Nguyễn Văn A · November 2026');
    expect(within(draft).getByRole('link', { name: 'Nguyễn Văn A · November 2026' }).getAttribute('href')).toBe('/salary/d');
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByRole('term').textContent).toBe('Net');
    expect(within(draft).getByRole('definition').textContent).toMatch(/53,219,384/);
    const buttons = (card: HTMLElement) =>
      within(card)
        .queryAllByRole('button')
        .concat(
          within(card)
            .queryAllByRole('link')
            .filter((l) => l.getAttribute('aria-label')),
        )
        .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    // A draft: approved, edited or archived. Approved: paid or archived, not edited. Paid: nothing.
    expect(buttons(draft).sort()).toEqual(
      ['Approve Nguyễn Văn A · November 2026', 'Delete Nguyễn Văn A · November 2026', 'Edit Nguyễn Văn A · November 2026'].sort(),
    );
    expect(buttons(approved).sort()).toEqual(['Delete Nguyễn Văn A · November 2026', 'Mark paid Nguyễn Văn A · November 2026'].sort());
    expect(buttons(paid)).toEqual([]);
    expect(screen.getByTestId('cards-range').textContent).toBe('1–3 of 3');
  });
});

describe('a row by name', () => {
  function Names({ row, resource }: { row: Row; resource: string }) {
    const meta = useResource(resource);
    const fmt = useFormatters();
    const params = recordParams(meta, fmt, labelsOf, row);
    return (
      <p>
        {recordName(meta, fmt, labelsOf, row)}|{meta.t('salaries:actions.approveConfirm', params)}|
        {cardFigures(meta, {})
          .map(([name]) => name)
          .join(',')}
      </p>
    );
  }

  it("reads a salary's confirmation with its person, month in words and net, and an invoice by its subject with its declared figures", () => {
    const { container, rerender } = render(<Names resource="salaries" row={salary('d', 'draft')} />);
    expect(container.textContent).toBe(
      "Nguyễn Văn A · November 2026|Approve Nguyễn Văn A's salary for November 2026 — net ₫53,219,384? It can no longer be edited nor re-imported.|net",
    );
    rerender(<Names resource="invoices" row={{ id: 'i', subject: 'October services', number: null, status: 'draft' }} />);
    expect(container.textContent?.split('|')[0]).toBe('October services');
    expect(container.textContent?.split('|')[2]).toBe(invoicesResource.card!.figures!.join(','));
  });
});
