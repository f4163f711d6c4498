import { z } from 'zod';
import { isoDate, optionalText, requiredText, rowShape } from '../../fields.js';
import { HALF_DAYS, LEAVE_STATUSES, LEAVE_TYPES } from '../leave/leave.rules.js';

export const LEAVE_REQUEST_TYPE_VALUES = LEAVE_TYPES;
export const LEAVE_REQUEST_HALF_DAY_VALUES = HALF_DAYS;
export const LEAVE_REQUEST_STATUS_VALUES = LEAVE_STATUSES;

/** A leave request: the requester, the server-computed days, and its approvals. Dates are calendar dates. */
export const leaveRequestSchema = z.object({
  ...rowShape,
  reason: z.string(),
  type: z.enum(LEAVE_REQUEST_TYPE_VALUES),
  startDate: z.string(),
  endDate: z.string(),
  halfDay: z.enum(LEAVE_REQUEST_HALF_DAY_VALUES).nullable(),
  status: z.enum(LEAVE_REQUEST_STATUS_VALUES),
  days: z.number(),
  userId: z.uuid(),
  approvalsRequired: z.number(),
  firstApproverId: z.uuid().nullable(),
  firstApprovedAt: z.string().nullable(),
  firstNote: z.string().nullable(),
  approverId: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

// What the requester writes; everything else (requester, days, status, approvals) is the server's.
const fields = {
  reason: requiredText(500),
  type: z.enum(LEAVE_REQUEST_TYPE_VALUES),
  startDate: isoDate,
  endDate: isoDate,
  halfDay: z.enum(LEAVE_REQUEST_HALF_DAY_VALUES).nullish(),
};
type Dates = { startDate?: string | null; endDate?: string | null; halfDay?: string | null };
const datesInOrder = (r: Dates) => !r.startDate || !r.endDate || r.endDate >= r.startDate;
// A half day is one day's morning or afternoon.
const halfDayOnOneDay = (r: Dates) => !r.halfDay || !r.startDate || !r.endDate || r.startDate === r.endDate;

export const leaveRequestCreateSchema = z
  // Most requests are annual leave: the form starts there.
  .strictObject({ ...fields, type: fields.type.default('annual') })
  .refine(datesInOrder, { message: 'end_before_start', path: ['endDate'] })
  .refine(halfDayOnOneDay, { message: 'half_day_one_day', path: ['halfDay'] });
export const leaveRequestUpdateSchema = z
  .strictObject(fields)
  .partial()
  .refine(datesInOrder, { message: 'end_before_start', path: ['endDate'] })
  .refine(halfDayOnOneDay, { message: 'half_day_one_day', path: ['halfDay'] });

export const LEAVE_DECISIONS = ['approve', 'reject'] as const;
export const leaveDecisionSchema = z
  .strictObject({ decision: z.enum(LEAVE_DECISIONS), note: optionalText(1000) })
  // A refusal says why.
  .refine((d) => d.decision !== 'reject' || !!d.note, { message: 'note_required', path: ['note'] });
export const leaveCancelSchema = z.strictObject({ note: optionalText(1000) });

export const leaveBalanceSchema = z.object({
  year: z.number(),
  entitlement: z.number(),
  carried: z.number(),
  used: z.number(),
  pending: z.number(),
  remaining: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;

export const myRequestsSchema = z.object({ data: z.array(leaveRequestSchema), balance: leaveBalanceSchema });

/** A request waiting for the caller, with who asked and which approval it waits for. */
export const pendingApprovalSchema = leaveRequestSchema.extend({
  requester: z.object({ id: z.uuid(), fullName: z.string() }),
  level: z.number(),
  /** Working days of the request inside the requester's active seats (0 when not placed). */
  billableDays: z.number(),
  /** The request's version (its ETag): the decision is sent with it as `If-Match`, so it is taken on what the approver saw. */
  version: z.string(),
});

const onLeave = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  fullName: z.string(),
  type: z.enum(LEAVE_REQUEST_TYPE_VALUES),
  startDate: z.string(),
  endDate: z.string(),
  halfDay: z.enum(LEAVE_REQUEST_HALF_DAY_VALUES).nullable(),
  days: z.number(),
});
export const leaveDashboardSchema = z.object({
  today: z.string(),
  onLeaveToday: z.array(onLeave),
  onLeaveThisWeek: z.array(onLeave),
  pendingCount: z.number(),
  year: z.number(),
  daysByType: z.array(z.object({ type: z.enum(LEAVE_REQUEST_TYPE_VALUES), days: z.number() })),
  daysByMonth: z.array(z.object({ month: z.string(), days: z.number() })),
});

export const calendarQuerySchema = z
  .strictObject({ from: isoDate, to: isoDate })
  .refine((q) => q.to >= q.from, { message: 'end_before_start', path: ['to'] })
  // A year and a bit at most: the calendar shows months, not decades.
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, { message: 'range_too_long', path: ['to'] });
export const calendarSchema = z.object({
  holidays: z.array(z.object({ id: z.uuid(), date: z.string(), name: z.string() })),
  leave: z.array(onLeave),
});
