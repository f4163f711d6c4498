import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../toast';
import { createFormatters } from '../../i18n/format';
import { NOTIFICATION_NAMESPACES, notificationText } from './notification-text';
import {
  SOCKET_OPTIONS,
  isNotificationSocketConnected,
  onNotificationSocket,
  retainNotificationSocket,
  subscribeNotificationSocketState,
} from '../../providers/notification-socket';
import type { LiveNotification } from './types';

export type UseNotificationSocketOptions = {
  /** Called for each live notification, after its toast. */
  onNotification?: (notification: LiveNotification) => void;
  /** Called with each live unread count. */
  onUnreadCount?: (count: number) => void;
};

/** The options of the tab's one /notifications connection (spec §7, §9). */
export const NOTIFICATION_SOCKET_OPTIONS = SOCKET_OPTIONS;

/**
 * Live notifications (sections 4 and 7) on the tab's shared connection: it connects
 * only with an access token and sends `join` on connect; this hook follows
 * `unread-count`, toasts each `notification`, and releases the connection on unmount.
 */
export function useNotificationSocket(options: UseNotificationSocketOptions = {}) {
  const connected = useSyncExternalStore(subscribeNotificationSocketState, isNotificationSocketConnected);
  const [unreadCount, setUnreadCount] = useState(0);
  const callbacks = useRef(options);
  callbacks.current = options;
  const { i18n } = useTranslation(NOTIFICATION_NAMESPACES);
  const lang = useRef(i18n);
  lang.current = i18n;

  useEffect(() => {
    const offCount = onNotificationSocket<[{ count?: number } | undefined]>('unread-count', (payload) => {
      const count = Number(payload?.count ?? 0);
      setUnreadCount(count);
      callbacks.current.onUnreadCount?.(count);
    });
    const offNotification = onNotificationSocket<[LiveNotification]>('notification', (notification) => {
      // Worded in the reader's language as the bell's list words it.
      const i18nNow = lang.current;
      const text = notification
        ? notificationText(i18nNow, createFormatters(i18nNow.resolvedLanguage ?? i18nNow.language), notification)
        : { title: '', message: '' };
      toast(text.title, { description: text.message });
      callbacks.current.onNotification?.(notification);
    });
    const release = retainNotificationSocket();
    return () => {
      offCount();
      offNotification();
      release();
    };
  }, []);

  return { connected, unreadCount };
}
