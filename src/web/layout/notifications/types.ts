// The notification types the server sends (the spec's six, plus announcements).
export { NOTIFICATION_TYPES } from '../../../domain/modules/notifications/notifications.schema';

export type NotificationItem = {
  id: string | number;
  type: string;
  title: string;
  message: string;
  /** What it is about, by type (names, dates, counts, ids); absent on rows stored before params existed. */
  params?: Record<string, string | number | null> | null;
  isRead: boolean;
  createdAt: string;
  jobId?: string | number | null;
  changedByUser?: { fullName?: string | null } | null;
};

export type NotificationPage = { data: NotificationItem[]; total: number };

export type LiveNotification = Pick<NotificationItem, 'type' | 'title' | 'message' | 'params' | 'jobId'> & { [key: string]: unknown };

export const NOTIFICATIONS_PAGE_SIZE = 10;
export const NOTIFICATIONS_REFETCH_MS = 30_000;
export const NOTIFICATION_NAVIGATE_DELAY_MS = 100;

export const NOTIFICATIONS_API = {
  list: '/api/v1/notifications',
  unreadCount: '/api/v1/notifications/unread-count',
  markAsRead: '/api/v1/notifications/mark-as-read',
  markAllAsRead: '/api/v1/notifications/mark-all-as-read',
} as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};
