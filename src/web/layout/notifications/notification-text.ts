import type { i18n as I18n } from 'i18next';
import { resourceByName } from '../../../domain/resources';
import type { Formatters } from '../../i18n/format';
import type { NotificationItem } from './types';

/** The namespaces a notification's words come from (the bell loads them with its own). */
export const NOTIFICATION_NAMESPACES = ['notifications', 'jobs', 'leave-requests'];

type Texts = Pick<I18n, 'exists' | 't'>;
type Item = Pick<NotificationItem, 'type' | 'title' | 'message' | 'params' | 'jobId'>;

// Names and titles as written, in any script: isolated so that a Latin name inside a right-to-left
// sentence keeps its letters and punctuation in order (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE).
const isolate = (v: unknown) => (v === null || v === undefined || v === '' ? '' : `\u2068${String(v)}\u2069`);

/** A leave request in the reader's words: its type, dates (as the grids show them), half day and days. */
function leaveText(i18n: Texts, fmt: Formatters, p: Record<string, unknown>): string {
  const type = i18n.t(`leave-requests:values.type.${String(p.leaveType)}`, { defaultValue: String(p.leaveType ?? '') });
  const days = Number(p.days);
  const start = fmt.date(p.startDate as string);
  const end = fmt.date(p.endDate as string);
  const half = p.halfDay ? i18n.t(`leave-requests:values.halfDay.${String(p.halfDay)}`, { defaultValue: String(p.halfDay) }) : '';
  const key = p.startDate === p.endDate ? (half ? 'notifications:leave.half' : 'notifications:leave.day') : 'notifications:leave.range';
  return i18n.t(key, {
    type,
    start,
    end,
    half,
    days: i18n.t('notifications:leave.days', { count: days, formatted: fmt.number(days) }),
  });
}

/**
 * A notification's title and message in the reader's language, from its type and params. Rows
 * without params (stored before they existed) or of an unknown type show their stored text; the
 * types whose title says it all (a ticket's move) are translated even then.
 */
export function notificationText(i18n: Texts, fmt: Formatters, item: Item): { title: string; message: string } {
  const typeKey = `notifications:types.${String(item.type)}`;
  const p = item.params;
  // The type's title, in the reader's words, where the stored one is the type's own (any system
  // notice, old rows too); a notice someone wrote under a type keeps the title they gave it.
  const byType =
    typeof item.type === 'string' &&
    i18n.exists(typeKey) &&
    (!!p || item.type.startsWith('ticket_') || !item.title || item.title === i18n.t(typeKey, { lng: 'en' }));
  const title = byType ? i18n.t(typeKey) : (item.title ?? '');
  const messageKey = `notifications:messages.${String(item.type)}`;
  if (!p || !i18n.exists(messageKey)) return { title, message: item.message ?? '' };
  const words: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) words[k] = isolate(v);
  if (String(item.type).startsWith('leave_')) words.leave = leaveText(i18n, fmt, p);
  if (typeof p.billableDays === 'number')
    words.billable = i18n.t('notifications:leave.billable', { count: p.billableDays, formatted: fmt.number(p.billableDays) });
  if (item.type === 'job_status_changed') {
    words.from = i18n.t(`jobs:values.status.${String(p.from)}`, { defaultValue: String(p.from) });
    words.to = i18n.t(`jobs:values.status.${String(p.to)}`, { defaultValue: String(p.to) });
  }
  if (item.type === 'candidate_status_changed') {
    words.from = i18n.t(`jobs:stages.${String(p.from)}`, { defaultValue: String(p.from) });
    words.to = i18n.t(`jobs:stages.${String(p.to)}`, { defaultValue: String(p.to) });
  }
  const withNote = p.note && i18n.exists(`${messageKey}_note`) ? `${messageKey}_note` : messageKey;
  return { title, message: i18n.t(withNote, words) };
}

const has = (v: unknown): v is string | number => v !== undefined && v !== null && v !== '';

/** Where a notification leads: the record it is about (a job, a leave request, a ticket), or nowhere. */
export function notificationHref(item: Pick<NotificationItem, 'type' | 'params' | 'jobId'>): string | undefined {
  const p = item.params ?? {};
  const type = String(item.type);
  if (has(item.jobId)) return `/jobs/${item.jobId}`;
  if (type === 'leave_requested' || type === 'leave_requested_placed' || type === 'leave_second_approval') return '/leave/approvals';
  if (type.startsWith('leave_')) return has(p.leaveId) ? `/leave/${p.leaveId}` : '/leave';
  if (type.startsWith('ticket_')) return has(p.ticketId) ? `/tickets/${p.ticketId}` : '/tickets';
  if (type.startsWith('statement_')) {
    const decl = has(p.resource) ? resourceByName(String(p.resource)) : undefined;
    return decl && has(p.statementId) ? `${decl.route}/${p.statementId}` : undefined;
  }
  return undefined;
}
