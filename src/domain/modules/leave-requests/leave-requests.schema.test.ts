import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  calendarQuerySchema,
  calendarSchema,
  leaveCancelSchema,
  leaveDashboardSchema,
  leaveDecisionSchema,
  leaveRequestCreateSchema,
  leaveRequestSchema,
  leaveRequestUpdateSchema,
  myRequestsSchema,
  pendingApprovalSchema,
} from './leave-requests.schema.js';
import { firstIssue } from '../../../../tests/fixtures/schema-issues.js';

const base = { reason: ' Family trip ', startDate: '2026-12-21', endDate: '2026-12-23' };

describe('leave request create', () => {
  it('starts as annual leave, trims the reason, and keeps no half day', () => {
    expect(leaveRequestCreateSchema.parse(base)).toEqual({
      reason: 'Family trip',
      type: 'annual',
      startDate: '2026-12-21',
      endDate: '2026-12-23',
    });
  });

  it.each([
    [{}, 'ok'],
    [{ reason: undefined }, 'reason: required'],
    [{ reason: '   ' }, 'reason: required'],
    [{ reason: 'x'.repeat(500) }, 'ok'],
    [{ reason: 'x'.repeat(501) }, 'reason: too_long'],
    [{ type: 'sick' }, 'ok'],
    [{ type: 'compensatory' }, 'ok'],
    [{ type: 'holiday' }, 'type: choice'],
    [{ startDate: undefined }, 'startDate: required'],
    [{ startDate: '2026-02-30' }, 'startDate: date'],
    [{ endDate: '21/12/2026' }, 'endDate: date'],
    // One day is a range whose ends meet; the end never comes before the start.
    [{ endDate: '2026-12-21' }, 'ok'],
    [{ endDate: '2026-12-20' }, 'endDate: end_before_start'],
    // Across the year's end is one request.
    [{ startDate: '2026-12-31', endDate: '2027-01-04' }, 'ok'],
    // A half day is the morning or the afternoon of one day.
    [{ endDate: '2026-12-21', halfDay: 'am' }, 'ok'],
    [{ endDate: '2026-12-21', halfDay: 'pm' }, 'ok'],
    [{ endDate: '2026-12-21', halfDay: 'noon' }, 'halfDay: choice'],
    [{ halfDay: 'am' }, 'halfDay: half_day_one_day'],
    [{ halfDay: null }, 'ok'],
    // What the server computes is not the requester's to send.
    [{ status: 'approved' }, ': unknown_field'],
    [{ days: 0.5 }, ': unknown_field'],
    [{ userId: '00000000-0000-4000-8000-000000000001' }, ': unknown_field'],
  ])('%j → %s', (patch, expected) => {
    expect(firstIssue(leaveRequestCreateSchema, { ...base, ...patch })).toBe(expected);
  });
});

describe('leave request update', () => {
  it.each([
    [{}, 'ok'],
    [{ reason: 'Changed plans' }, 'ok'],
    [{ startDate: '2026-12-22' }, 'ok'],
    [{ startDate: '2026-12-24', endDate: '2026-12-23' }, 'endDate: end_before_start'],
    [{ startDate: '2026-12-24', endDate: '2026-12-24', halfDay: 'pm' }, 'ok'],
    [{ startDate: '2026-12-24', endDate: '2026-12-25', halfDay: 'pm' }, 'halfDay: half_day_one_day'],
    [{ reason: '' }, 'reason: required'],
    [{ status: 'cancelled' }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(leaveRequestUpdateSchema, body)).toBe(expected);
  });
});

describe('approval decision', () => {
  it.each([
    [{ decision: 'approve' }, 'ok'],
    [{ decision: 'approve', note: 'Enjoy' }, 'ok'],
    // A refusal says why.
    [{ decision: 'reject' }, 'note: note_required'],
    [{ decision: 'reject', note: '   ' }, 'note: note_required'],
    [{ decision: 'reject', note: 'Release week' }, 'ok'],
    [{ decision: 'maybe' }, 'decision: choice'],
    [{}, 'decision: choice'],
    [{ decision: 'approve', note: 'x'.repeat(1001) }, 'note: too_long'],
    [{ decision: 'approve', level: 2 }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(leaveDecisionSchema, body)).toBe(expected);
  });

  it('a cancellation may say why, and nothing else', () => {
    expect(firstIssue(leaveCancelSchema, {})).toBe('ok');
    expect(firstIssue(leaveCancelSchema, { note: 'Trip cancelled' })).toBe('ok');
    expect(firstIssue(leaveCancelSchema, { status: 'cancelled' })).toBe(': unknown_field');
  });
});

describe('calendar query', () => {
  it.each([
    [{ from: '2026-11-01', to: '2026-11-30' }, 'ok'],
    [{ from: '2026-11-01', to: '2026-11-01' }, 'ok'],
    [{ from: '2026-11-30', to: '2026-11-01' }, 'to: end_before_start'],
    // A year and a bit at most.
    [{ from: '2026-01-01', to: '2027-02-04' }, 'ok'],
    [{ from: '2026-01-01', to: '2027-02-06' }, 'to: range_too_long'],
    [{ from: 'today', to: '2026-11-30' }, 'from: date'],
    [{ to: '2026-11-30' }, 'from: required'],
    [{ from: '2026-11-01', to: '2026-11-30', userId: 'x' }, ': unknown_field'],
  ])('%j → %s', (q, expected) => {
    expect(firstIssue(calendarQuerySchema, q)).toBe(expected);
  });
});

describe('edges of the requester’s fields', () => {
  it.each([
    // An edit may send one end alone: the other is the stored request's, checked by the server.
    ['update', leaveRequestUpdateSchema, { endDate: '2026-12-20' }, 'ok'],
    ['update', leaveRequestUpdateSchema, { halfDay: 'am' }, 'ok'],
    ['update', leaveRequestUpdateSchema, { halfDay: 'am', startDate: '2026-12-21' }, 'ok'],
    ['update', leaveRequestUpdateSchema, { halfDay: 'am', endDate: '2026-12-21' }, 'ok'],
    ['update', leaveRequestUpdateSchema, { halfDay: null, startDate: '2026-12-21', endDate: '2026-12-23' }, 'ok'],
    ['update', leaveRequestUpdateSchema, { type: 'maternity' }, 'ok'],
    ['update', leaveRequestUpdateSchema, { type: 'vacation' }, 'type: choice'],
    ['update', leaveRequestUpdateSchema, { startDate: '2026-13-01' }, 'startDate: date'],
    ['update', leaveRequestUpdateSchema, { reason: 'x'.repeat(501) }, 'reason: too_long'],
    ['create', leaveRequestCreateSchema, { ...base, startDate: '1899-12-31' }, 'startDate: date_range'],
    ['create', leaveRequestCreateSchema, { ...base, endDate: '2100-01-01' }, 'endDate: date_range'],
    ['create', leaveRequestCreateSchema, { ...base, endDate: undefined }, 'endDate: required'],
    // Several days with a half day: the message names the half day, not the dates.
    ['create', leaveRequestCreateSchema, { ...base, halfDay: 'pm' }, 'halfDay: half_day_one_day'],
    ['create', leaveRequestCreateSchema, { ...base, endDate: '2026-12-20', halfDay: 'pm' }, 'endDate: end_before_start'],
  ])('%s %j → %s', (_, schema, body, expected) => {
    expect(firstIssue(schema as z.ZodType, body)).toBe(expected);
  });

  it('each leave type is one of the seven', () => {
    for (const type of ['annual', 'sick', 'unpaid', 'wedding', 'bereavement', 'maternity', 'compensatory'])
      expect(firstIssue(leaveRequestCreateSchema, { ...base, type }), type).toBe('ok');
  });

  it('a blank note is no note', () => {
    expect(leaveDecisionSchema.parse({ decision: 'approve', note: '  ' })).toEqual({ decision: 'approve', note: null });
    expect(leaveDecisionSchema.parse({ decision: 'reject', note: ' Release week ' })).toEqual({ decision: 'reject', note: 'Release week' });
    expect(leaveCancelSchema.parse({ note: '' })).toEqual({ note: null });
    expect(firstIssue(leaveCancelSchema, { note: 'x'.repeat(1001) })).toBe('note: too_long');
  });

  it('the calendar takes four hundred days at most', () => {
    expect(firstIssue(calendarQuerySchema, { from: '2026-01-01', to: '2027-02-05' })).toBe('ok');
    expect(firstIssue(calendarQuerySchema, { from: '2026-03-01', to: '2027-04-05' })).toBe('ok');
    expect(firstIssue(calendarQuerySchema, { from: '2026-03-01', to: '2027-04-06' })).toBe('to: range_too_long');
  });
});

// What the routes answer: every field kept as sent (a schema that dropped one would strip it from the response).
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const request = {
  id: uuid(1),
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-02T08:00:00.000Z',
  createdBy: uuid(2),
  reason: 'Family trip',
  type: 'annual',
  startDate: '2026-12-21',
  endDate: '2026-12-21',
  halfDay: 'am',
  status: 'approved',
  days: 0.5,
  userId: uuid(2),
  approvalsRequired: 2,
  firstApproverId: uuid(3),
  firstApprovedAt: '2026-11-03T08:00:00.000Z',
  firstNote: 'Fine by me',
  approverId: uuid(4),
  decidedAt: '2026-11-04T08:00:00.000Z',
  decisionNote: 'Enjoy',
};
const onLeave = {
  id: uuid(1),
  userId: uuid(2),
  fullName: 'Trần Thị Lan',
  type: 'sick',
  startDate: '2026-12-21',
  endDate: '2026-12-21',
  halfDay: null,
  days: 1,
};
const balance = { year: 2026, entitlement: 12, carried: 2.5, used: 3, pending: 0.5, remaining: 11 };
const emptyDashboard = {
  today: '2026-12-21',
  onLeaveToday: [],
  onLeaveThisWeek: [],
  pendingCount: 0,
  year: 2026,
  daysByType: [],
  daysByMonth: [],
};

describe('leave answers', () => {
  it.each([
    ['a request', leaveRequestSchema, request],
    ['my requests and balance', myRequestsSchema, { data: [request], balance }],
    [
      'a request to approve',
      pendingApprovalSchema,
      { ...request, requester: { id: uuid(2), fullName: 'Trần Thị Lan' }, level: 2, billableDays: 0.5, version: '"v1"' },
    ],
    [
      'the dashboard',
      leaveDashboardSchema,
      {
        today: '2026-12-21',
        onLeaveToday: [onLeave],
        onLeaveThisWeek: [onLeave, { ...onLeave, id: uuid(5), halfDay: 'pm', days: 0.5 }],
        pendingCount: 4,
        year: 2026,
        daysByType: [{ type: 'sick', days: 1.5 }],
        daysByMonth: [{ month: '2026-12', days: 1.5 }],
      },
    ],
    ['the calendar', calendarSchema, { holidays: [{ id: uuid(6), date: '2026-09-02', name: 'Quốc khánh' }], leave: [onLeave] }],
  ])('%s keeps every field', (_, schema, body) => {
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });

  it.each([
    ['a request of an unknown status', leaveRequestSchema, { ...request, status: 'draft' }],
    ['a request without its days', leaveRequestSchema, { ...request, days: undefined }],
    ['a balance without what remains', myRequestsSchema, { data: [], balance: { ...balance, remaining: undefined } }],
    [
      'a request to approve without its level',
      pendingApprovalSchema,
      { ...request, requester: { id: uuid(2), fullName: 'Lan' }, billableDays: 0, version: '"v1"' },
    ],
    [
      'a requester without a name',
      pendingApprovalSchema,
      { ...request, requester: { id: uuid(2) }, level: 1, billableDays: 0, version: '"v1"' },
    ],
    [
      'a request to approve without its version',
      pendingApprovalSchema,
      { ...request, requester: { id: uuid(2), fullName: 'Lan' }, level: 1, billableDays: 0 },
    ],
    ['leave of an unknown type', calendarSchema, { holidays: [], leave: [{ ...onLeave, type: 'holiday' }] }],
    ['a holiday without a name', calendarSchema, { holidays: [{ id: uuid(6), date: '2026-09-02' }], leave: [] }],
    ['a month without its days', leaveDashboardSchema, { ...emptyDashboard, daysByMonth: [{ month: '2026-12' }] }],
    ['a type count of an unknown type', leaveDashboardSchema, { ...emptyDashboard, daysByType: [{ type: 'x', days: 1 }] }],
  ])('refuses %s', (_, schema, body) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(false);
  });
});
