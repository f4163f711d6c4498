import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LOGIN_EVENT, LOGOUT_EVENT } from '../providers/http';
import { useSessionCacheReset } from './session-cache';

function Probe() {
  useSessionCacheReset();
  return null;
}

function mount() {
  const client = new QueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  return { client, view };
}

describe('session cache boundary', () => {
  it('logout leaves no cached data of the previous user', () => {
    const { client } = mount();
    client.setQueryData(['notifications', 'list'], { pages: [{ data: [{ id: 1, title: 'Admin only' }], total: 1 }] });
    client.setQueryData(['notifications', 'unread-count'], 7);
    client.setQueryData(['default', 'users', 'list', {}], { data: [{ id: 'u1' }], total: 1 });
    window.dispatchEvent(new Event(LOGOUT_EVENT));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(client.getQueryData(['notifications', 'unread-count'])).toBeUndefined();
  });

  it('a sign-in starts from empty queries', () => {
    const { client } = mount();
    client.setQueryData(['notifications', 'unread-count'], 3);
    window.dispatchEvent(new CustomEvent(LOGIN_EVENT, { detail: { id: 'u2' } }));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('stops listening when unmounted', () => {
    const { client, view } = mount();
    view.unmount();
    client.setQueryData(['x'], 1);
    window.dispatchEvent(new Event(LOGOUT_EVENT));
    expect(client.getQueryData(['x'])).toBe(1);
  });
});
