import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { toast } from 'sonner';
import { LOGOUT_EVENT, getAccessToken, getRefreshToken, refreshTokens } from '../../providers/http';
import type { LiveNotification } from './types';

export type UseNotificationSocketOptions = {
  /** Called for each live notification, after its toast. */
  onNotification?: (notification: LiveNotification) => void;
  /** Called with each live unread count. */
  onUnreadCount?: (count: number) => void;
};

export const NOTIFICATION_SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionAttempts: 5,
};

/** A current access token; one refresh when only the refresh token is left (short-lived tokens). */
async function currentToken(): Promise<string | undefined> {
  const token = getAccessToken();
  if (token || !getRefreshToken()) return token;
  return refreshTokens().catch(() => undefined);
}

/**
 * Live notifications on `{origin}/notifications` (sections 4 and 7): connects only with
 * an access token, sends `join` on connect, follows `unread-count`, toasts each
 * `notification`, disconnects on unmount.
 */
export function useNotificationSocket(options: UseNotificationSocketOptions = {}) {
  const [connected, setConnected] = useState(false);
  const [unreadCount, setUnreadCount] = useState(0);
  const callbacks = useRef(options);
  callbacks.current = options;

  useEffect(() => {
    let socket: Socket | undefined;
    let closed = false;
    let authRetries = 0;

    const start = (token: string | undefined) => {
      if (closed) return;
      if (!token) {
        console.log('No token available, skipping WebSocket connection');
        return;
      }
      const s = io(`${window.location.origin}/notifications`, { auth: { token }, ...NOTIFICATION_SOCKET_OPTIONS });
      socket = s;
      s.on('connect', () => {
        authRetries = 0;
        setConnected(true);
        s.emit('join');
      });
      s.on('disconnect', () => setConnected(false));
      s.on('connect_error', (error: Error) => {
        setConnected(false);
        console.error('WebSocket connection error', error?.message ?? error);
        // A refused handshake (expired token) is not retried by socket.io itself:
        // present a fresh token, within the same attempt budget.
        if (!s.active && authRetries < NOTIFICATION_SOCKET_OPTIONS.reconnectionAttempts) {
          authRetries += 1;
          setTimeout(() => {
            if (closed) return;
            void currentToken().then((fresh) => {
              if (closed || !fresh) return;
              s.auth = { token: fresh };
              s.connect();
            });
          }, NOTIFICATION_SOCKET_OPTIONS.reconnectionDelay);
        }
      });
      s.on('unread-count', (payload: { count?: number } | undefined) => {
        const count = Number(payload?.count ?? 0);
        setUnreadCount(count);
        callbacks.current.onUnreadCount?.(count);
      });
      s.on('notification', (notification: LiveNotification) => {
        toast(notification?.title ?? '', { description: notification?.message });
        callbacks.current.onNotification?.(notification);
      });
      // A reconnection presents the current (possibly refreshed) token.
      s.io.on('reconnect_attempt', () => {
        s.auth = { token: getAccessToken() ?? token };
      });
    };

    const token = getAccessToken();
    if (token) start(token);
    else void currentToken().then(start);

    const stop = () => {
      closed = true;
      socket?.removeAllListeners();
      socket?.io.removeAllListeners();
      socket?.disconnect();
      socket = undefined;
      setConnected(false);
    };
    window.addEventListener(LOGOUT_EVENT, stop);
    return () => {
      window.removeEventListener(LOGOUT_EVENT, stop);
      stop();
    };
  }, []);

  return { connected, unreadCount };
}
