import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { BalancePreview } from './leave-balance';

// The server answers: 10 annual days left in 2031; 2031-09-02 is a public holiday.
const get = vi.hoisted(() =>
  vi.fn(async (url: string, config?: { params?: Record<string, string> }) => {
    if (url === '/api/leave-requests/my-requests')
      return {
        data: {
          data: [],
          balance: { year: Number(config?.params?.year), entitlement: 12, carried: 0, used: 2, pending: 0, remaining: 10 },
        },
      };
    if (url === '/api/calendar') return { data: { holidays: [{ id: 'h', date: '2031-09-02', name: 'National Day' }], leave: [] } };
    throw new Error(`unexpected ${url}`);
  }),
);
vi.mock('../../providers/http', () => ({ http: { get } }));

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});

afterEach(cleanup);

let form: UseFormReturn | undefined;
function Harness({ values }: { values: Record<string, unknown> }) {
  form = useForm({ defaultValues: values });
  return (
    <FormProvider {...form}>
      <BalancePreview />
    </FormProvider>
  );
}

function renderPreview(values: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness values={values} />
    </QueryClientProvider>,
  );
}

describe('BalancePreview', () => {
  it('shows the working days and the annual balance before and after, following the dates', async () => {
    // Monday 1 to Wednesday 3 September 2031, the 2nd a holiday: 2 working days.
    renderPreview({ type: 'annual', startDate: '2031-09-01', endDate: '2031-09-03', halfDay: null });
    await waitFor(() => expect(screen.getByTestId('leave-preview-days').textContent).toBe('This request: 2 working day(s)'));
    expect(screen.getByTestId('leave-preview').textContent).toContain('Annual leave left in 2031: 10 · after this request: 8');
    await act(async () => form!.setValue('endDate', '2031-09-12'));
    await waitFor(() => expect(screen.getByTestId('leave-preview-days').textContent).toBe('This request: 9 working day(s)'));
    expect(screen.getByTestId('leave-preview').textContent).toContain('after this request: 1');
    await act(async () => form!.setValue('endDate', '2031-09-16'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This is more than your remaining annual leave'));
  });

  it('counts a half day and leaves the balance out for other types', async () => {
    renderPreview({ type: 'sick', startDate: '2031-09-03', endDate: '2031-09-03', halfDay: 'pm' });
    await waitFor(() => expect(screen.getByTestId('leave-preview-days').textContent).toBe('This request: 0.5 working day(s)'));
    expect(screen.getByTestId('leave-preview').textContent).not.toContain('Annual leave left');
  });

  it('says nothing of days while the dates are incomplete or reversed', async () => {
    renderPreview({ type: 'annual', startDate: '2031-09-05', endDate: '2031-09-01', halfDay: null });
    await waitFor(() => expect(screen.getByTestId('leave-preview').textContent).toContain('Annual leave left in 2031: 10'));
    expect(screen.queryByTestId('leave-preview-days')).toBeNull();
  });
});
