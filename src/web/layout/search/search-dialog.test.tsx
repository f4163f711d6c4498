import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer } from '../../../domain/search';
import { initI18n } from '../../i18n';
import { http } from '../../providers/http';
import { SearchDialog } from './search-dialog';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ANSWER: SearchAnswer = {
  q: 'ngu',
  groups: [
    {
      resource: 'candidates',
      hits: [
        { resource: 'candidates', id: 'c1', title: 'Nguyễn Văn An', subtitle: 'Hà Nội', path: '/candidates/c1' },
        { resource: 'candidates', id: 'c2', title: 'Nguyễn Thị Bình', path: '/candidates/c2' },
      ],
    },
    {
      resource: 'users',
      hits: [{ resource: 'users', id: 'u1', title: 'Nguyễn Hữu Cường', subtitle: 'cuong@demo.local', path: '/users/u1' }],
    },
  ],
};

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

/** The dialog over a router whose current path the test reads, and the answers the stubbed client gets. */
function setup(answer: (q: string) => Promise<SearchAnswer>) {
  const get = vi
    .spyOn(http, 'get')
    .mockImplementation(async (_url, config) => ({ data: await answer(String((config?.params as { q?: string } | undefined)?.q)) }));
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/']}>
      <QueryClientProvider client={new QueryClient()}>
        <SearchDialog open role="sale_lead" onClose={onClose} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  const input = screen.getByTestId('search-input');
  return { get, onClose, input };
}

const selected = () => screen.getAllByRole('option').findIndex((o) => o.getAttribute('aria-selected') === 'true');

describe('the header search dialog', () => {
  it('moves through the hits of every group with the arrows, wraps, and opens the active one with Enter', async () => {
    const { get, onClose, input } = setup(async (q) => ({ ...ANSWER, q }));
    expect(screen.getByTestId('search-status').textContent).toBe('Type a name, a title or a number.');
    fireEvent.change(input, { target: { value: 'ngu' } });
    await screen.findByText('Nguyễn Hữu Cường');
    expect(get).toHaveBeenCalledWith('/api/v1/search', expect.objectContaining({ params: { q: 'ngu', limit: 5 } }));
    // Grouped under the resources' own names.
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Candidates', 'Users']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(selected()).toBe(0);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(2);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(0);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toBe(2);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/candidates/c2');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens the first hit of words typed and entered before their answer came', async () => {
    const { input } = setup(async (q) => ({ ...ANSWER, q }));
    fireEvent.change(input, { target: { value: 'nguyen' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/candidates/c1'));
  });

  it('says when nothing is found, and when the search failed, with a retry', async () => {
    let fail = true;
    const { get, input } = setup(async (q) => {
      if (q === 'boom' && fail) throw new Error('down');
      return { q, groups: [] };
    });
    fireEvent.change(input, { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByTestId('search-status').textContent).toBe('No results for “\u2068zzz\u2069”'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.change(input, { target: { value: 'boom' } });
    await screen.findByText('The search failed. Try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('search-status').textContent).toBe('No results for “\u2068boom\u2069”'));
    expect(get.mock.calls.filter(([, c]) => (c?.params as { q?: string } | undefined)?.q === 'boom')).toHaveLength(2);
  });

  it('closes with Escape', async () => {
    const { onClose, input } = setup(async (q) => ({ ...ANSWER, q }));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
