import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { http } from '../../providers/http';
import { History, type AuditEntry } from './history';
import { useResource } from './use-resource';

vi.mock('../../providers/auth-context', () => ({ useAuthContext: () => ({ role: 'hr_lead', user: { id: 'me' } }) }));

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});

const CANDIDATE = '55555555-5555-4555-8555-555555555555';
const entries: AuditEntry[] = [
  {
    id: 'e1',
    at: new Date().toISOString(),
    action: 'updated',
    actor: { id: 'u1', fullName: 'Amelia Carter' },
    changes: [
      { field: 'pipeline', from: { candidateId: CANDIDATE, stage: 'sourced' }, to: { candidateId: CANDIDATE, stage: 'screening' } },
    ],
  },
];

function Tab() {
  const meta = useResource('jobs');
  return <History meta={meta} id="44444444-4444-4444-8444-444444444444" />;
}

describe('History of a job', () => {
  it('reads a pipeline move as the candidate’s name, linked, and the stages, not as raw JSON', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url: string, config?: { params?: unknown }) => {
      const params = (config?.params ?? {}) as Record<string, unknown>;
      if (url === '/api/v1/audit') return { data: { data: entries, total: 1 } };
      if (url.endsWith('/lookup'))
        return { data: ((params.id as string[]) ?? []).filter((id) => id === CANDIDATE).map((id) => ({ id, label: 'Nguyễn Văn A' })) };
      throw new Error(`unexpected GET ${url}`);
    });
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Suspense fallback="…">
            <Tab />
          </Suspense>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const line = await screen.findByText((_, el) => el?.getAttribute('data-field') === 'pipeline');
    await within(line).findByRole('link', { name: 'Nguyễn Văn A' });
    expect(line.textContent).toBe('Nguyễn Văn A: Sourced → Screening');
    expect(within(line).getByRole('link').getAttribute('href')).toBe(`/candidates/${CANDIDATE}`);
  });
});
