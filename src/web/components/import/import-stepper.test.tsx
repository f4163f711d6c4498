import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n';
import { http } from '../../providers/http';
import type { ImportPreview, ImportRecord, ImportValidation } from './import-types';
import { ResourceImportPage } from './resource-import-page';

// The kit's import stepper as a person goes through it on a resource (customers): the file
// chosen or dropped and checked, its problems in the resource's words, the preview's counts and
// old → new, applied with its progress, the past imports' states, and the refusals' ways on.

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await changeLanguage('en');
});

const BASE = '/api/v1/customers';
const OWNER = '11111111-1111-4111-8111-111111111111';
const record = (over: Partial<ImportRecord> = {}): ImportRecord => ({
  id: '22222222-2222-4222-8222-222222222222',
  fileName: 'clients.xlsx',
  sha256: 'ab'.repeat(32),
  fileId: '33333333-3333-4333-8333-333333333333',
  counts: { create: 1, update: 1, unchanged: 1 },
  createdAt: '2031-03-05T09:30:00Z',
  createdBy: OWNER,
  createdByName: 'Amelia Carter',
  ...over,
});
const invalid: ImportValidation = {
  rows: 3,
  errors: [
    { row: 3, column: 'status', value: 'maybe', code: 'invalid_enum' },
    { row: 4, column: 'ownerSaleId', value: 'Nobody', code: 'ref_not_found' },
  ],
};
const preview: ImportPreview = {
  sha256: 'cd'.repeat(32),
  previewToken: 'token-1',
  counts: { create: 1, update: 1, unchanged: 1 },
  changes: [
    { row: 2, action: 'create', key: 'NEW1', id: null, label: 'Nouvelle Cie', fields: [{ field: 'status', old: null, new: 'active' }] },
    {
      row: 3,
      action: 'update',
      key: 'OLD1',
      id: '44444444-4444-4444-8444-444444444444',
      label: 'Old Corp',
      fields: [
        { field: 'paymentTermsDays', old: '30', new: '45' },
        { field: 'ownerSaleId', old: null, new: OWNER },
      ],
    },
    { row: 4, action: 'unchanged', key: 'SAME', id: '55555555-5555-4555-8555-555555555555', label: 'Same Ltd', fields: [] },
  ],
};

type Answer = (url: string, config?: { params?: Record<string, unknown> }) => unknown;
/** The API as the stepper calls it: `post` answers each step, `history` the imports kept. */
function serve({ post, history = () => [] }: { post: Answer; history?: () => unknown }) {
  const posts = vi.spyOn(http, 'post').mockImplementation(async (url: string, _body?: unknown, config?: object) => {
    const data = await post(url, config as { params?: Record<string, unknown> });
    return { data, headers: {} };
  });
  const gets = vi.spyOn(http, 'get').mockImplementation(async (url: string, config?: { params?: unknown }) => {
    if (url === `${BASE}/imports`) return { data: await history() };
    const ids = ((config?.params as { id?: string[] } | undefined)?.id ?? []) as string[];
    if (url.endsWith('/lookup')) return { data: ids.map((id) => ({ id, label: 'Lan Nguyễn' })) };
    throw new Error(`unexpected GET ${url}`);
  });
  return { posts, gets };
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ResourceImportPage resource="customers" />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const sheet = (name = 'clients.xlsx') =>
  new File(['x'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const choose = (file: File) => fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
const httpError = (status: number, data: unknown) =>
  Object.assign(new Error('refused'), { isAxiosError: true, response: { status, data } });

async function toPreviewStep() {
  choose(sheet());
  fireEvent.click(screen.getByTestId('import-validate'));
  await waitFor(() => expect(screen.getByTestId('import-preview')).toHaveProperty('disabled', false));
  fireEvent.click(screen.getByTestId('import-preview'));
  await screen.findByTestId('import-preview-view');
}

describe('the import stepper', () => {
  it('starts on the file: its heading has the focus, the template is offered, nothing is checked before a file is chosen', async () => {
    serve({ post: () => ({}) });
    mount();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Import Customers');
    const title = screen.getByTestId('import-step-title');
    expect(title.textContent).toBe('Check the file');
    expect(document.activeElement).toBe(title);
    expect(screen.getByTestId('import-template')).toBeDefined();
    expect(screen.getByTestId('import-validate')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('import-preview')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('import-file-name').textContent).toBe('No file chosen');
    // No past import yet: said so, not a blank card.
    expect(await screen.findByText('No import yet.')).toBeDefined();
  });

  it("lists a sheet's problems in the resource's words and keeps the preview shut until the file is fixed", async () => {
    const { posts } = serve({ post: (url) => (url.endsWith('/import/validate') ? invalid : {}) });
    mount();
    choose(sheet());
    expect(screen.getByTestId('import-file-name').textContent).toBe('clients.xlsx');
    fireEvent.click(screen.getByTestId('import-validate'));
    const table = await screen.findByTestId('import-errors');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Status');
    expect(rows[1]!.textContent).toContain('maybe');
    expect(rows[2]!.textContent).toContain('Account owner');
    expect(screen.getByTestId('import-validation').textContent).toContain('2 problems in 2 rows');
    expect(screen.getByTestId('import-preview')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('import-download-errors')).toBeDefined();
    expect(posts).toHaveBeenCalledWith(`${BASE}/import/validate`, expect.any(FormData), expect.anything());
    // Another file: the old problems go.
    choose(sheet('fixed.xlsx'));
    expect(screen.queryByTestId('import-errors')).toBeNull();
  });

  it('takes a dropped sheet, and refuses a dropped file that is not one', () => {
    serve({ post: () => ({}) });
    mount();
    const drop = screen.getByTestId('import-drop');
    fireEvent.dragOver(drop, { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(drop.getAttribute('data-over')).toBe('true');
    fireEvent.drop(drop, { dataTransfer: { files: [new File(['a,b'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByTestId('import-wrong-type').textContent).toContain('notes.txt');
    expect(screen.getByTestId('import-file-name').textContent).toBe('No file chosen');
    fireEvent.drop(drop, { dataTransfer: { files: [sheet('dropped.xlsx')] } });
    expect(screen.queryByTestId('import-wrong-type')).toBeNull();
    expect(screen.getByTestId('import-file-name').textContent).toBe('dropped.xlsx');
    expect(drop.getAttribute('data-over')).toBeNull();
  });

  it('previews the counts and each change old → new with labels and names, the unchanged rows on demand', async () => {
    serve({ post: (url) => (url.endsWith('/validate') ? { rows: 3, errors: [] } : preview) });
    mount();
    await toPreviewStep();
    expect(document.activeElement?.textContent).toBe('Preview the changes');
    expect(screen.getByTestId('import-count-create').textContent).toBe('1 to create');
    expect(screen.getByTestId('import-count-update').textContent).toBe('1 to update');
    expect(screen.getByTestId('import-count-unchanged').textContent).toBe('1 unchanged');
    const table = screen.getByTestId('import-changes');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const created = within(table).getByText('Nouvelle Cie').closest('tr')!;
    expect(created.textContent).toContain('Status: Active');
    const updated = within(table).getByText('Old Corp').closest('tr')!;
    expect(updated.textContent).toContain('Payment terms (days): 30 → 45');
    // A reference reads as the name of the row it points to.
    await waitFor(() => expect(updated.textContent).toContain('Account owner: — → Lan Nguyễn'));
    expect(table.textContent).not.toContain('Same Ltd');
    const unchanged = screen.getByTestId('import-count-unchanged');
    expect(unchanged.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(unchanged);
    expect(unchanged.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('import-changes').textContent).toContain('Same Ltd');
  });

  it('on a phone, previews a card per row: its name, its change, its row and its fields', async () => {
    // Every media query matches: the screen is narrower than `sm`.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }));
    serve({ post: (url) => (url.endsWith('/validate') ? { rows: 3, errors: [] } : preview) });
    mount();
    await toPreviewStep();
    const cards = within(screen.getByTestId('import-changes')).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]!.textContent).toContain('Old Corp');
    expect(cards[1]!.textContent).toContain('Update');
    expect(cards[1]!.textContent).toContain('Row 3');
    expect(cards[1]!.textContent).toContain('Payment terms (days): 30 → 45');
    expect(screen.queryByRole('table', { name: 'Changes by row' })).toBeNull();
  });

  it('applies after a confirmation, shows the progress, then what it did, and lists the import', async () => {
    let finish: (v: unknown) => void = () => {};
    const history = vi.fn(() => [] as ImportRecord[]);
    const { posts } = serve({
      post: (url) =>
        url.endsWith('/validate')
          ? { rows: 3, errors: [] }
          : url.endsWith('/preview')
            ? preview
            : new Promise((resolve) => (finish = resolve)),
      history,
    });
    mount();
    await toPreviewStep();
    fireEvent.click(screen.getByTestId('import-execute'));
    fireEvent.click(await screen.findByTestId('import-execute-confirm'));
    expect(await screen.findByTestId('import-progress')).toBeDefined();
    expect(posts).toHaveBeenLastCalledWith(
      `${BASE}/import/execute`,
      expect.any(FormData),
      expect.objectContaining({ params: { previewToken: 'token-1' } }),
    );
    history.mockReturnValue([record()]);
    await act(async () => finish({ applied: true, import: record() }));
    expect((await screen.findByTestId('import-result')).textContent).toContain('1 created, 1 updated, 1 unchanged');
    expect(screen.queryByTestId('import-progress')).toBeNull();
    expect(screen.getByTestId('import-see').getAttribute('href')).toBe('/customers');
    expect((await screen.findByTestId('import-history')).textContent).toContain('clients.xlsx');
    expect(screen.getByTestId('import-history').textContent).toContain('Amelia Carter');
    fireEvent.click(screen.getByTestId('import-again'));
    expect(screen.getByTestId('import-file-name').textContent).toBe('No file chosen');
  });

  it('says a file that changes nothing has nothing to apply', async () => {
    const nothing: ImportPreview = { ...preview, counts: { create: 0, update: 0, unchanged: 1 }, changes: [preview.changes[2]!] };
    serve({ post: (url) => (url.endsWith('/validate') ? { rows: 1, errors: [] } : nothing) });
    mount();
    await toPreviewStep();
    expect(screen.getByTestId('import-no-change')).toBeDefined();
    expect(screen.getByTestId('import-execute')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('import-changes').textContent).toContain('Same Ltd');
  });

  it('a preview gone stale is said in words and previewed again from the same file', async () => {
    let previews = 0;
    const { posts } = serve({
      post: (url) => {
        if (url.endsWith('/validate')) return { rows: 3, errors: [] };
        if (url.endsWith('/preview')) return { ...preview, previewToken: `token-${++previews}` };
        throw httpError(409, {
          statusCode: 409,
          code: 'import_stale',
          message: 'changed',
          issues: { file: { code: 'import_stale', params: {} } },
        });
      },
    });
    mount();
    await toPreviewStep();
    fireEvent.click(screen.getByTestId('import-execute'));
    fireEvent.click(await screen.findByTestId('import-execute-confirm'));
    const alert = await screen.findByTestId('import-error');
    expect(alert.getAttribute('data-kind')).toBe('stale');
    expect(alert.textContent).toMatch(/preview/i);
    fireEvent.click(screen.getByTestId('import-preview-again'));
    await waitFor(() => expect(screen.queryByTestId('import-error')).toBeNull());
    expect(previews).toBe(2);
    fireEvent.click(screen.getByTestId('import-execute'));
    fireEvent.click(await screen.findByTestId('import-execute-confirm'));
    await waitFor(() =>
      expect(posts).toHaveBeenLastCalledWith(
        `${BASE}/import/execute`,
        expect.any(FormData),
        expect.objectContaining({ params: { previewToken: 'token-2' } }),
      ),
    );
  });

  it('a sheet refused as invalid at the preview goes back to the file, checked again', async () => {
    let checks = 0;
    serve({
      post: (url) => {
        if (url.endsWith('/validate')) return ++checks === 1 ? { rows: 3, errors: [] } : invalid;
        throw httpError(422, {
          statusCode: 422,
          code: 'import_invalid',
          message: 'invalid',
          issues: { file: { code: 'import_invalid', params: { errors: 2 } } },
        });
      },
    });
    mount();
    choose(sheet());
    fireEvent.click(screen.getByTestId('import-validate'));
    await waitFor(() => expect(screen.getByTestId('import-preview')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByTestId('import-preview'));
    const alert = await screen.findByTestId('import-error');
    expect(alert.getAttribute('data-kind')).toBe('invalid');
    expect(alert.textContent).toContain('2 error(s)');
    fireEvent.click(screen.getByTestId('import-recheck'));
    expect(await screen.findByTestId('import-errors')).toBeDefined();
    expect(checks).toBe(2);
  });

  it('the past imports: loading, then a failure with a retry, then the rows', async () => {
    let fail = true;
    let answer: () => void = () => {};
    serve({
      post: () => ({}),
      history: () =>
        new Promise((resolve, reject) => {
          answer = () => (fail ? reject(httpError(500, { statusCode: 500, message: 'boom' })) : resolve([record()]));
        }),
    });
    mount();
    expect(await screen.findByTestId('list-skeleton')).toBeDefined();
    await act(async () => answer());
    const retry = await screen.findByRole('button', { name: /retry|try again/i });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByTestId('list-skeleton')).toBeDefined());
    await act(async () => answer());
    expect((await screen.findByTestId('import-history')).textContent).toContain('clients.xlsx');
  });

  it('reads right to left in Arabic: its words, and the arrow from old to new', async () => {
    serve({ post: (url) => (url.endsWith('/validate') ? { rows: 3, errors: [] } : preview) });
    await act(() => changeLanguage('ar'));
    mount();
    expect(screen.getByTestId('import-step-title').textContent).toBe('فحص الملف');
    await toPreviewStep();
    const updated = within(screen.getByTestId('import-changes')).getByText('Old Corp').closest('tr')!;
    expect(updated.textContent).toContain('←');
    await act(() => changeLanguage('en'));
  });
});
