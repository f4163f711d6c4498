import { MemoryRouter } from 'react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PnlDrill } from '../../../domain/modules/pnl/pnl.schema';
import { initI18n } from '../../i18n';
import { http } from '../../providers/http';
import { PnlDrillDialog } from './pnl-drill-dialog';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const share: PnlDrill['rows'][number] = {
  month: '2026-10',
  sourceId: '66666666-6666-4666-8666-666666666666',
  ref: null,
  description: null,
  customerId: null,
  customerName: 'Maple Health Inc.',
  projectId: null,
  projectName: 'Patient portal',
  personId: null,
  personName: 'Nguyễn Văn A',
  sourceAmount: '53219384',
  sourceCurrency: 'VND',
  rate: '0.00004',
  basis: 'seats',
  weight: '60',
  weightTotal: '100',
  line: null,
  amount: '1277.27',
};

describe('the P&L detail of a salary cost', () => {
  it('shows a share line as its share of the whole pay, never the whole pay alone', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      data: { baseCurrency: 'USD', measure: 'salaryCost', total: '1277.27', count: 1, rows: [share] } as unknown as PnlDrill,
    });
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <PnlDrillDialog
            cell={{ key: 'p1', label: 'Patient portal', measure: 'salaryCost' } as never}
            q={{ from: '2026-10', to: '2026-10', groupBy: 'project' }}
            currency="USD"
            onClose={() => {}}
            monthName={(m) => m}
          />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const cell = await screen.findByTestId('pnl-drill-source-amount');
    expect(cell.textContent).toBe('60% of ₫53,219,384');
  });
});
