import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { http } from '../../providers/http';
import { SalaryImportPage } from './salary-import-page';
import { thisMonth } from './salary-month';

// The salaries' import on the kit's stepper: its month first (with the template), then the kit's
// file step (no second template), a preview with the month's totals and each person's amounts in
// their currency, and every call sent for the month chosen.

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PERSON = '11111111-1111-4111-8111-111111111111';
const month = thisMonth();
const preview = {
  month,
  sha256: 'ab'.repeat(32),
  previewToken: 'digest',
  counts: { create: 1, update: 1, unchanged: 0 },
  totals: { before: { USD: '1000.00' }, after: { USD: '3450.50' } },
  changes: [
    {
      row: 2,
      userId: PERSON,
      email: 'an@demo.local',
      name: 'Nguyễn Văn An',
      month,
      action: 'create',
      currency: 'USD',
      fields: [
        { field: 'base', old: null, new: '2450.50' },
        { field: 'bonus', old: null, new: '0' },
      ],
    },
    {
      row: 3,
      userId: '22222222-2222-4222-8222-222222222222',
      email: 'lan@demo.local',
      name: 'Lan',
      month,
      action: 'update',
      currency: 'EUR',
      fields: [{ field: 'base', old: '900', new: '1000' }],
    },
  ],
};

describe('the salaries import', () => {
  // The month picker is heavy to mount on a busy machine.
  it(
    'asks for the month first, then takes the kit’s steps for that month, with its totals in the preview',
    { timeout: 20_000 },
    async () => {
      const posts = vi.spyOn(http, 'post').mockImplementation(async (url: string) => ({
        data: url.endsWith('/validate') ? { month, rows: 2, errors: [] } : preview,
        headers: {},
      }));
      vi.spyOn(http, 'get').mockResolvedValue({ data: [] });
      render(
        <ThemeProvider theme={createTheme()}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <MemoryRouter>
              <SalaryImportPage />
            </MemoryRouter>
          </QueryClientProvider>
        </ThemeProvider>,
      );
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Import salaries');
      expect(screen.getAllByText('Month and template').length).toBeGreaterThan(0);
      expect(document.activeElement).toBe(screen.getByTestId('import-step-title'));
      expect(screen.getByTestId('import-template')).toBeDefined();

      fireEvent.click(screen.getByTestId('import-next'));
      await waitFor(() => expect(screen.getByTestId('import-step-title').textContent).toBe('Check the file'));
      // The month's step offers the template; the file step does not offer it twice.
      expect(screen.queryByTestId('import-template')).toBeNull();
      fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['x'], 'march.xlsx')] } });
      fireEvent.click(screen.getByTestId('import-validate'));
      await waitFor(() => expect(screen.getByTestId('import-preview')).toHaveProperty('disabled', false));
      fireEvent.click(screen.getByTestId('import-preview'));

      const totals = await screen.findByTestId('import-totals');
      expect(within(totals).getByRole('row', { name: /USD/ }).textContent).toContain('$3,450.50');
      const changes = screen.getByTestId('import-changes');
      const created = within(changes).getByText('Nguyễn Văn An').closest('tr')!;
      expect(created.textContent).toContain('an@demo.local');
      expect(created.textContent).toContain('Base: $2,450.50');
      // A new salary lists only the amounts it sets.
      expect(created.textContent).not.toContain('Bonus');
      expect(within(changes).getByText('Lan').closest('tr')!.textContent).toContain('€900.00 → €1,000.00');
      for (const [url, , config] of posts.mock.calls) {
        expect(url).toMatch(/^\/api\/v1\/salary\/import\//);
        expect((config as { params: Record<string, string> }).params.month).toBe(month);
      }
      fireEvent.click(screen.getByText('Back'));
      expect(screen.getByTestId('import-step-title').textContent).toBe('Check the file');
    },
  );
});
