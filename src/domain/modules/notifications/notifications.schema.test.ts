import { describe, expect, it } from 'vitest';
import {
  markAsReadSchema,
  notificationCreateSchema,
  notificationListQuery,
  notificationSchema,
  NOTIFICATION_TYPES,
} from './notifications.schema.js';

const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('notification schemas', () => {
  it('list query: defaults and bounds', () => {
    expect(notificationListQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(notificationListQuery.parse({ page: '3', limit: '100', unread: 'true' })).toEqual({ page: 3, limit: 100, unread: 'true' });
    for (const bad of [{ page: '0' }, { page: '100001' }, { limit: '0' }, { limit: '101' }, { page: '1.5' }, { unread: 'yes' }])
      expect(notificationListQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(notificationListQuery.parse({ page: '100000', limit: '1' })).toEqual({ page: 100000, limit: 1 });
    expect(notificationListQuery.parse({ unread: 'false' })).toMatchObject({ unread: 'false' });
  });

  it('mark-as-read takes one id, and nothing else', () => {
    expect(markAsReadSchema.parse({ notificationId: id })).toEqual({ notificationId: id });
    expect(markAsReadSchema.safeParse({ notificationId: 'x' }).error?.issues[0]?.message).toBe('invalid_id');
    expect(markAsReadSchema.safeParse({ notificationId: id, extra: 1 }).success).toBe(false);
  });

  it('an announcement: recipients, type by default, trimmed clean text within bounds', () => {
    expect(notificationCreateSchema.parse({ userIds: [id], title: ' Hi ', message: ' line 1\nline 2 ' })).toEqual({
      userIds: [id],
      type: 'announcement',
      title: 'Hi',
      message: 'line 1\nline 2',
    });
    expect(NOTIFICATION_TYPES).toContain('announcement');
    const bad = (over: object) => notificationCreateSchema.safeParse({ userIds: [id], title: 't', message: 'm', ...over });
    expect(bad({}).success).toBe(true);
    expect(bad({ userIds: [] }).success).toBe(false);
    expect(bad({ userIds: Array(1001).fill(id) }).success).toBe(false);
    expect(bad({ userIds: Array(1000).fill(id) }).success).toBe(true);
    expect(bad({ title: '   ' }).success).toBe(false);
    expect(bad({ title: 'x'.repeat(201) }).success).toBe(false);
    expect(bad({ title: 'x'.repeat(200) }).success).toBe(true);
    expect(bad({ message: 'x'.repeat(2001) }).success).toBe(false);
    expect(bad({ message: 'x'.repeat(2000) }).success).toBe(true);
    expect(bad({ title: 'a\nb' }).error?.issues[0]?.message).toBe('control_characters');
    expect(bad({ message: 'a\u0000b' }).error?.issues[0]?.message).toBe('control_characters');
    expect(bad({ type: 'nope' }).success).toBe(false);
    expect(bad({ jobId: 'x' }).success).toBe(false);
    expect(bad({ jobId: id }).success).toBe(true);
    expect(bad({ extra: true }).success).toBe(false);
  });
});

describe('a notification as the API returns it', () => {
  it('keeps its fields and who changed what', () => {
    const n = {
      id,
      type: 'job_updated',
      title: 'Job updated',
      message: 'Backend developer',
      isRead: false,
      createdAt: '2024-01-01T00:00:00Z',
      jobId: id,
      changedByUser: { id, fullName: 'Ann Lee' },
    };
    expect(notificationSchema.parse({ ...n, userId: id, changedByUser: { ...n.changedByUser, email: 'ann@example.com' } })).toEqual(n);
    expect(notificationSchema.safeParse({ ...n, changedByUser: { id } }).success).toBe(false);
  });
});
