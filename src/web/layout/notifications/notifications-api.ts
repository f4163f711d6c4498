import { http } from '../../providers/http';
import { NOTIFICATIONS_API, NOTIFICATIONS_PAGE_SIZE, type NotificationPage } from './types';

export async function fetchNotifications(page: number, limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationPage> {
  const { data } = await http.get<NotificationPage>(NOTIFICATIONS_API.list, { params: { page, limit } });
  return { data: Array.isArray(data?.data) ? data.data : [], total: Number(data?.total ?? 0) };
}

export async function fetchUnreadCount(): Promise<number> {
  const { data } = await http.get<{ count: number }>(NOTIFICATIONS_API.unreadCount);
  return Number(data?.count ?? 0);
}

export async function markAsRead(notificationId: string | number): Promise<void> {
  await http.post(NOTIFICATIONS_API.markAsRead, { notificationId });
}

export async function markAllAsRead(): Promise<void> {
  await http.post(NOTIFICATIONS_API.markAllAsRead);
}

/** The server's message when it sent one (section 8), else undefined. */
export function serverMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown; statusCode?: unknown; response?: { data?: { message?: unknown } } };
  const body = e.response?.data?.message;
  if (typeof body === 'string' && body) return body;
  if (
    typeof e.statusCode === 'number' &&
    e.statusCode > 0 &&
    typeof e.message === 'string' &&
    e.message &&
    !/^Request failed with status code/.test(e.message)
  ) {
    return e.message;
  }
  return undefined;
}
