import { describe, expect, it } from 'vitest';
import { serverMessage } from './notifications-api';
import { queryClientConfig } from './query-config';
import { NOTIFICATION_SOCKET_OPTIONS } from './use-notification-socket';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_REFETCH_MS, NOTIFICATION_NAVIGATE_DELAY_MS } from './types';

describe('notification constants (spec §7, §9)', () => {
  it('pages by 10, refetches every 30 s, navigates after 100 ms', () => {
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(10);
    expect(NOTIFICATIONS_REFETCH_MS).toBe(30_000);
    expect(NOTIFICATION_NAVIGATE_DELAY_MS).toBe(100);
  });

  it('connects with websocket then polling, 1000 ms delay, 5 attempts', () => {
    expect(NOTIFICATION_SOCKET_OPTIONS).toEqual({
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionAttempts: 5,
    });
  });
});

describe('query defaults (spec §4, §9)', () => {
  const queries = queryClientConfig.defaultOptions!.queries!;
  it('retries 3 times with a delay of 1 s doubling up to 30 s, and keeps data 5 minutes', () => {
    const retry = queries.retry as (failures: number, error: unknown) => boolean;
    const unreachable = { statusCode: 0, message: 'Network Error' };
    expect([0, 1, 2, 3].map((n) => retry(n, unreachable))).toEqual([true, true, true, false]);
    expect(retry(0, { statusCode: 503, message: '' })).toBe(true);
    const delay = queries.retryDelay as (n: number) => number;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => delay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(queries.gcTime).toBe(5 * 60 * 1000);
  });

  it('does not retry what cannot pass: a 404, a 403, a 400', () => {
    const retry = queries.retry as (failures: number, error: unknown) => boolean;
    for (const statusCode of [400, 403, 404]) expect(retry(0, { statusCode, message: '' }), String(statusCode)).toBe(false);
  });
});

describe('serverMessage (spec §8)', () => {
  it('uses the server message when there is one', () => {
    expect(serverMessage({ message: 'Store is read-only', statusCode: 500 })).toBe('Store is read-only');
    expect(serverMessage({ response: { data: { message: 'Not yours' } } })).toBe('Not yours');
  });

  it('falls back (undefined) when the server said nothing', () => {
    expect(serverMessage({ message: 'Network Error', statusCode: 0 })).toBeUndefined();
    expect(serverMessage({ message: 'Request failed with status code 500', statusCode: 500 })).toBeUndefined();
    expect(serverMessage(new Error('boom'))).toBeUndefined();
    expect(serverMessage(undefined)).toBeUndefined();
  });
});
