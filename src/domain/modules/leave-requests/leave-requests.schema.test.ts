import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueOf, type IssueLike } from '../../validation.js';
import {
  calendarQuerySchema,
  leaveCancelSchema,
  leaveDecisionSchema,
  leaveRequestCreateSchema,
  leaveRequestUpdateSchema,
} from './leave-requests.schema.js';

// First issue as the server and the form report it: field path and code.
const check = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body, { reportInput: true });
  return r.success ? 'ok' : `${r.error.issues[0]!.path.join('.')}: ${issueOf(r.error.issues[0] as IssueLike).code}`;
};
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
    [{ startDate: undefined }, 'startDate: date'],
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
    expect(check(leaveRequestCreateSchema, { ...base, ...patch })).toBe(expected);
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
    expect(check(leaveRequestUpdateSchema, body)).toBe(expected);
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
    expect(check(leaveDecisionSchema, body)).toBe(expected);
  });

  it('a cancellation may say why, and nothing else', () => {
    expect(check(leaveCancelSchema, {})).toBe('ok');
    expect(check(leaveCancelSchema, { note: 'Trip cancelled' })).toBe('ok');
    expect(check(leaveCancelSchema, { status: 'cancelled' })).toBe(': unknown_field');
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
    [{ to: '2026-11-30' }, 'from: date'],
    [{ from: '2026-11-01', to: '2026-11-30', userId: 'x' }, ': unknown_field'],
  ])('%j → %s', (q, expected) => {
    expect(check(calendarQuerySchema, q)).toBe(expected);
  });
});
