import { io, type Socket } from 'socket.io-client';
import { LOGIN_EVENT, LOGOUT_EVENT, getAccessToken, getRefreshToken, refreshTokens } from './http';

// The one socket.io connection of a tab to `{origin}/notifications` (spec §4, §7).
// The bell (unread count, toasts) and Refine's live provider (resource events) both
// use it: each user retains it while mounted, the last release closes it, and a
// logout closes it at once so that the next user never receives the previous one's
// events.

export const NOTIFICATIONS_NAMESPACE = '/notifications';

export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionAttempts: 5,
};

export const NO_TOKEN_MESSAGE = 'No token available, skipping WebSocket connection';
export const CONNECTION_ERROR_MESSAGE = 'WebSocket connection error';

type Handler = (...args: unknown[]) => void;

let socket: Socket | null = null;
let users = 0;
/** Bumped on every close: work begun for an earlier connection is dropped. */
let generation = 0;
let pendingStart: number | null = null;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let connected = false;
const handlers = new Map<string, Set<Handler>>();
const connectionListeners = new Set<() => void>();

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  connectionListeners.forEach((listener) => listener());
}

function dispatch(event: string, args: unknown[]) {
  for (const handler of handlers.get(event) ?? []) {
    try {
      handler(...args);
    } catch (error) {
      console.error(error);
    }
  }
}

function create() {
  let sentToken = '';
  let authRetries = 0;
  const s = io(`${window.location.origin}${NOTIFICATIONS_NAMESPACE}`, {
    ...SOCKET_OPTIONS,
    // The access token as auth payload, read at each (re)connection: after a refresh
    // the next attempt presents the new one.
    auth: (cb) => {
      sentToken = getAccessToken() ?? '';
      cb({ token: sentToken });
    },
  });
  socket = s;

  s.on('connect', () => {
    authRetries = 0;
    setConnected(true);
    s.emit('join');
  });
  s.on('disconnect', () => setConnected(false));
  s.on('connect_error', (error: Error) => {
    setConnected(false);
    console.error(CONNECTION_ERROR_MESSAGE, error?.message ?? error);
    // socket.io retries lost transports itself (`active`); a handshake the server
    // refused is final for it. Refresh an expired token, then try again, within the
    // same attempt budget.
    if (s.active || authRetries >= SOCKET_OPTIONS.reconnectionAttempts) return;
    authRetries += 1;
    const refused = /expired|invalid|required/i.test(error?.message ?? '');
    setTimeout(() => {
      if (socket !== s) return;
      const stale = !getAccessToken() || getAccessToken() === sentToken;
      const token = refused && stale && getRefreshToken() ? refreshTokens().catch(() => undefined) : Promise.resolve(getAccessToken());
      void token.then((fresh) => {
        if (socket === s && fresh) s.connect();
      });
    }, SOCKET_OPTIONS.reconnectionDelay);
  });
  s.onAny((event: string, ...args: unknown[]) => dispatch(event, args));
}

/** Connects unless connected or connecting; only with a token (renewed if only the refresh token is left). */
function open() {
  if (socket || pendingStart === generation) return;
  if (getAccessToken()) return create();
  if (!getRefreshToken()) {
    console.log(NO_TOKEN_MESSAGE);
    return;
  }
  const mine = generation;
  pendingStart = mine;
  void refreshTokens()
    .catch(() => undefined)
    .then((token) => {
      if (pendingStart === mine) pendingStart = null;
      if (mine !== generation || users === 0 || socket) return;
      if (token) create();
      else console.log(NO_TOKEN_MESSAGE);
    });
}

/** Closes the connection now, whoever still uses it. */
export function closeNotificationSocket(): void {
  generation += 1;
  pendingStart = null;
  clearTimeout(closeTimer);
  closeTimer = undefined;
  const s = socket;
  socket = null;
  if (s) {
    s.offAny();
    s.removeAllListeners();
    s.disconnect();
  }
  setConnected(false);
}

/**
 * Uses the shared connection until the returned release is called. The last release
 * closes it (on the next tick, so a screen that re-subscribes at once keeps it).
 */
export function retainNotificationSocket(): () => void {
  users += 1;
  clearTimeout(closeTimer);
  closeTimer = undefined;
  open();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users = Math.max(0, users - 1);
    if (users > 0) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      closeTimer = undefined;
      if (users === 0) closeNotificationSocket();
    }, 0);
  };
}

/** Listens to one server event on the shared connection (across reconnections). */
export function onNotificationSocket<T extends unknown[]>(event: string, handler: (...args: T) => void): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  const h = handler as Handler;
  set.add(h);
  return () => {
    set.delete(h);
  };
}

export function isNotificationSocketConnected(): boolean {
  return connected;
}

/** For useSyncExternalStore: called whenever `connected` changes. */
export function subscribeNotificationSocketState(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => {
    connectionListeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener(LOGOUT_EVENT, closeNotificationSocket);
  // A new sign-in while a connection is still up: reconnect as the new user.
  window.addEventListener(LOGIN_EVENT, () => {
    if (!socket && pendingStart === null) return;
    closeNotificationSocket();
    if (users > 0) open();
  });
}
