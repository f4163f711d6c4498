import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { http } from '../../providers/http';
import { ReferencePicker } from './lookup';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReferencePicker with several values', () => {
  it('names a chip whose label is still on its way, then shows the label', async () => {
    let answer: (rows: { data: unknown }) => void = () => {};
    vi.spyOn(http, 'get').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReferencePicker resource="tech-stacks" label="Tech stacks" multiple value={['t1']} onChange={() => {}} />
      </QueryClientProvider>,
    );
    const chip = () => screen.getByRole('button', { name: /Loading|React/ });
    // A screen reader meets a named button, never an empty one.
    expect(within(chip()).getByText('Loading...')).toBeTruthy();
    answer({ data: [{ id: 't1', label: 'React' }] });
    expect(await screen.findByText('React')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
