// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in for socket.io-client's Socket: records what the module does with it.
type Listener = (...args: unknown[]) => void;
class FakeSocket {
  listeners = new Map<string, Listener[]>();
  anyListeners: Listener[] = [];
  emitted: Array<[string, unknown[]]> = [];
  active = true;
  connects = 0;
  disconnected = false;
  constructor(
    public url: string,
    public options: {
      auth: (cb: (data: object) => void) => void;
      [key: string]: unknown;
    },
  ) {}
  on(event: string, fn: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }
  onAny(fn: Listener) {
    this.anyListeners.push(fn);
    return this;
  }
  offAny() {
    this.anyListeners = [];
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, args]);
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  /** What the handshake would carry now. */
  authPayload() {
    let payload: object = {};
    this.options.auth((data) => (payload = data));
    return payload;
  }
  /** The server's side: fire a reserved or a server event. */
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
    if (!['connect', 'disconnect', 'connect_error'].includes(event)) for (const fn of this.anyListeners) fn(event, ...args);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (url: string, options: FakeSocket['options']) => {
    const s = new FakeSocket(url, options);
    sockets.push(s);
    return s;
  },
}));

const tokens = { access: '' as string | undefined, refresh: '' as string | undefined };
const refreshTokens = vi.fn(async () => {
  tokens.access = 'fresh-access';
  return 'fresh-access';
});
vi.mock('./http', () => ({
  LOGIN_EVENT: 'auth:login',
  LOGOUT_EVENT: 'auth:logout',
  getAccessToken: () => tokens.access || undefined,
  getRefreshToken: () => tokens.refresh || undefined,
  refreshTokens: () => refreshTokens(),
}));

const mod = await import('./notification-socket');
const { liveProvider } = await import('./live-provider');

const tick = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  mod.closeNotificationSocket();
  sockets.length = 0;
  tokens.access = 'access-1';
  tokens.refresh = 'refresh-1';
  refreshTokens.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the tab's one /notifications connection (spec §4, §7)", () => {
  it("is opened once for the bell and the live provider together, with the spec's options", async () => {
    const releaseBell = mod.retainNotificationSocket();
    const sub = liveProvider.subscribe({
      channel: 'resources/users',
      types: ['*'],
      callback: () => {},
    });
    const sub2 = liveProvider.subscribe({
      channel: 'resources/jobs',
      types: ['*'],
      callback: () => {},
    });
    expect(sockets).toHaveLength(1);
    const s = sockets[0];
    expect(s.url).toBe(`${window.location.origin}/notifications`);
    expect(s.options).toMatchObject({
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionAttempts: 5,
    });
    expect(s.authPayload()).toEqual({ token: 'access-1' });

    s.fire('connect');
    expect(s.emitted).toEqual([['join', []]]);
    expect(mod.isNotificationSocketConnected()).toBe(true);

    // Released one by one: closed only after the last.
    releaseBell();
    liveProvider.unsubscribe?.(sub);
    await tick();
    expect(s.disconnected).toBe(false);
    liveProvider.unsubscribe?.(sub2);
    await tick();
    expect(s.disconnected).toBe(true);
    expect(mod.isNotificationSocketConnected()).toBe(false);
  });

  it('keeps the connection when a screen re-subscribes at once', async () => {
    const release = mod.retainNotificationSocket();
    release();
    release(); // a second call is harmless
    const again = mod.retainNotificationSocket();
    await tick();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].disconnected).toBe(false);
    again();
    await tick();
    expect(sockets[0].disconnected).toBe(true);
  });

  it("is skipped without any token, with the spec's console message", () => {
    tokens.access = undefined;
    tokens.refresh = undefined;
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    mod.retainNotificationSocket();
    expect(sockets).toHaveLength(0);
    expect(log).toHaveBeenCalledWith('No token available, skipping WebSocket connection');
  });

  it('renews an expired access token first when only the refresh token is left', async () => {
    tokens.access = undefined;
    mod.retainNotificationSocket();
    expect(sockets).toHaveLength(0);
    await tick();
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].authPayload()).toEqual({ token: 'fresh-access' });
  });

  it("hands server events to every listener and the live provider's matching subscriptions", () => {
    const counts: number[] = [];
    const off = mod.onNotificationSocket<[{ count: number }]>('unread-count', (p) => counts.push(p.count));
    const users = vi.fn();
    const jobs = vi.fn();
    mod.retainNotificationSocket();
    liveProvider.subscribe({ channel: 'resources/users', types: ['updated'], callback: users });
    liveProvider.subscribe({ channel: 'resources/jobs', types: ['*'], callback: jobs });
    const s = sockets[0];
    s.fire('unread-count', { count: 3 });
    s.fire('live', { channel: 'resources/users', type: 'created', payload: { ids: [1] } });
    s.fire('live', { channel: 'resources/users', type: 'updated', payload: { ids: [2] } });
    expect(counts).toEqual([3]);
    expect(users).toHaveBeenCalledTimes(1);
    expect(users.mock.calls[0][0]).toMatchObject({ channel: 'resources/users', type: 'updated', payload: { ids: [2] } });
    expect(jobs).not.toHaveBeenCalled();
    off();
    s.fire('unread-count', { count: 4 });
    expect(counts).toEqual([3]);
  });

  it('refreshes and reconnects when the handshake is refused for an expired token, within 5 attempts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mod.retainNotificationSocket();
    const s = sockets[0];
    s.authPayload(); // the handshake sent access-1
    s.active = false; // refused by the server: socket.io gives up by itself
    s.fire('connect_error', new Error('Invalid or expired token'));
    expect(error).toHaveBeenCalledWith('WebSocket connection error', 'Invalid or expired token');
    expect(s.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(s.connects).toBe(1);
    expect(s.authPayload()).toEqual({ token: 'fresh-access' });

    for (let i = 0; i < 10; i++) {
      s.fire('connect_error', new Error('Invalid or expired token'));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(s.connects).toBe(5);
    // A successful connection resets the budget.
    s.fire('connect');
    s.fire('connect_error', new Error('Invalid or expired token'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.connects).toBe(6);
  });

  it("leaves lost transports to socket.io's own reconnection", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mod.retainNotificationSocket();
    const s = sockets[0];
    s.fire('connect_error', new Error('xhr poll error')); // still active
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.connects).toBe(0);
    expect(refreshTokens).not.toHaveBeenCalled();
  });

  it('closes on logout even while screens still use it, and reconnects as the next user', async () => {
    mod.retainNotificationSocket();
    const first = sockets[0];
    first.fire('connect');
    window.dispatchEvent(new Event('auth:logout'));
    expect(first.disconnected).toBe(true);
    expect(mod.isNotificationSocketConnected()).toBe(false);
    // Its late events reach nobody.
    const seen = vi.fn();
    mod.onNotificationSocket('notification', seen);
    first.fire('notification', { title: 'old' });
    expect(seen).not.toHaveBeenCalled();

    tokens.access = 'access-2';
    mod.retainNotificationSocket();
    expect(sockets).toHaveLength(2);
    expect(sockets[1].authPayload()).toEqual({ token: 'access-2' });
  });
});
