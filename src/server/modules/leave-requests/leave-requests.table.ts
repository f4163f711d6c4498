import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const leaveRequests = pgTable(
  'leave_requests',
  {
    ...rowColumns(),
    reason: text().notNull(),
    type: text().notNull(),
    // Calendar dates of the firm, not instants.
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    halfDay: text(),
    status: text().notNull().default('pending'),
    // Working days, in half days.
    days: numeric({ precision: 6, scale: 1, mode: 'number' }).notNull(),
    userId: uuid().notNull(),
    approvalsRequired: integer().notNull().default(1),
    firstApproverId: uuid(),
    firstApprovedAt: timestamptz(),
    firstNote: text(),
    approverId: uuid(),
    decidedAt: timestamptz(),
    decisionNote: text(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(reason, '')))`),
  },
  (t) => [
    index('leave_requests_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('leave_requests_reason_idx')
      .on(t.reason, t.id)
      .where(sql`archived_at is null`),
    index('leave_requests_start_date_idx')
      .on(t.startDate, t.id)
      .where(sql`archived_at is null`),
    // A person's requests by date: overlap and balance checks, my requests.
    index('leave_requests_user_dates_idx')
      .on(t.userId, t.startDate, t.endDate)
      .where(sql`archived_at is null`),
    index('leave_requests_status_idx')
      .on(t.status)
      .where(sql`archived_at is null`),
    index('leave_requests_first_approver_id_idx').on(t.firstApproverId),
    index('leave_requests_approver_id_idx').on(t.approverId),
  ],
);
