import { z } from 'zod';
import { text } from '../../text.js';

export const NOTIFICATION_TYPES = [
  'job_created',
  'job_updated',
  'job_status_changed',
  'candidate_status_changed',
  'candidate_added',
  'candidate_removed',
  'announcement',
] as const;

/**
 * What a notification is about, by type: names as they were then, dates ('YYYY-MM-DD'), counts and the
 * ids its link needs. The reader's client words it (title, message, link); rows stored before params
 * existed have none and show their stored English text.
 */
export const notificationParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  params: notificationParamsSchema.nullable().optional(),
  isRead: z.boolean(),
  createdAt: z.string(),
  jobId: z.uuid().nullable().optional(),
  changedByUser: z.object({ id: z.uuid(), fullName: z.string() }).nullable().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  unread: z.enum(['true', 'false']).optional(),
});

export const markAsReadSchema = z.strictObject({ notificationId: z.uuid({ message: 'invalid_id' }) });

export const notificationCreateSchema = z.strictObject({
  userIds: z.array(z.uuid()).min(1).max(1000),
  type: z.enum(NOTIFICATION_TYPES).default('announcement'),
  title: text().trim().min(1).max(200),
  message: text({ multiline: true }).trim().min(1).max(2000),
  jobId: z.uuid().optional(),
});
