import { describe, expect, it } from 'vitest';
import {
  HEADCOUNT_RATE_UNIT_VALUES,
  HEADCOUNT_STATUS_VALUES,
  headcountCreateSchema,
  benchPersonSchema,
  headcountUpdateSchema,
  shareLinkCreatedSchema,
  shareLinkCreateSchema,
  shareLinkSchema,
  sharedHeadcountSchema,
} from './headcounts.schema.js';
import { firstIssue, id } from '../../../../tests/fixtures/schema-issues.js';

const base = { title: ' Backend developer ', userId: id(1), customerId: id(2), billingRate: 4000, startDate: '2024-01-01' };

describe('headcount create', () => {
  it('applies its defaults; absent optional fields are null', () => {
    expect(headcountCreateSchema.parse(base)).toEqual({
      title: 'Backend developer',
      userId: id(1),
      customerId: id(2),
      billingRate: 4000,
      startDate: '2024-01-01',
      rateUnit: 'month',
      allocation: 100,
      status: 'active',
      currency: 'USD',
      projectId: null,
      endDate: null,
      saleId: null,
      hrId: null,
      jobId: null,
    });
  });

  it.each([
    [{ title: undefined }, 'title: required'],
    // An id or a date states its own code even when absent; the server reports a field not sent as required.
    [{ userId: undefined }, 'userId: required'],
    [{ customerId: undefined }, 'customerId: required'],
    [{ billingRate: undefined }, 'billingRate: required'],
    [{ startDate: undefined }, 'startDate: required'],
    [{ title: 'x'.repeat(200) }, 'ok'],
    [{ title: 'x'.repeat(201) }, 'title: too_long'],
    [{ userId: 'ann' }, 'userId: invalid_id'],
    [{ projectId: 'p' }, 'projectId: invalid_id'],
    [{ saleId: 's' }, 'saleId: invalid_id'],
    [{ hrId: 'h' }, 'hrId: invalid_id'],
    [{ billingRate: 0 }, 'ok'],
    [{ billingRate: -0.01 }, 'billingRate: too_small'],
    [{ billingRate: 10.001 }, 'billingRate: step'],
    [{ allocation: 1 }, 'ok'],
    [{ allocation: 100 }, 'ok'],
    [{ allocation: 0 }, 'allocation: too_small'],
    [{ allocation: 101 }, 'allocation: too_big'],
    [{ allocation: 50.5 }, 'allocation: not_number'],
    ...HEADCOUNT_RATE_UNIT_VALUES.map((rateUnit) => [{ rateUnit }, 'ok'] as [object, string]),
    [{ rateUnit: 'week' }, 'rateUnit: choice'],
    ...HEADCOUNT_STATUS_VALUES.map((status) => [{ status }, 'ok'] as [object, string]),
    [{ status: 'archived' }, 'status: choice'],
    [{ currency: 'JPY' }, 'ok'],
    [{ currency: 'BTC' }, 'currency: choice'],
    [{ startDate: '2024-13-01' }, 'startDate: date'],
    [{ startDate: '1899-12-31' }, 'startDate: date_range'],
    [{ endDate: '2024-01-01' }, 'ok'],
    [{ endDate: '2023-12-31' }, 'endDate: end_before_start'],
    [{ endDate: null }, 'ok'],
    [{ user: id(1) }, ': unknown_field'],
  ])('%j → %s', (over, expected) => {
    expect(firstIssue(headcountCreateSchema, { ...base, ...over })).toBe(expected);
  });
});

describe('headcount update', () => {
  it('is partial: nothing is required and no default is added', () => {
    expect(headcountUpdateSchema.parse({})).toEqual({});
    expect(headcountUpdateSchema.parse({ allocation: 50 })).toEqual({ allocation: 50 });
  });
  it.each([
    [{ startDate: '2024-02-01', endDate: '2024-01-31' }, 'endDate: end_before_start'],
    [{ startDate: '2024-02-01', endDate: '2024-02-01' }, 'ok'],
    [{ endDate: '2000-01-01' }, 'ok'],
    [{ startDate: null }, 'startDate: required'],
    [{ allocation: 101 }, 'allocation: too_big'],
    [{ id: id(1) }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(headcountUpdateSchema, body)).toBe(expected);
  });
});

describe('share link create', () => {
  it('lasts 30 days by default', () => {
    expect(shareLinkCreateSchema.parse({ customerId: id(2) })).toEqual({ customerId: id(2), expiresInDays: 30 });
  });
  it.each([
    [{ expiresInDays: 1 }, 'ok'],
    [{ expiresInDays: 90 }, 'ok'],
    [{ expiresInDays: 0 }, 'expiresInDays: too_small'],
    [{ expiresInDays: 91 }, 'expiresInDays: too_big'],
    [{ customerId: undefined }, 'customerId: required'],
    [{ customerId: 'acme' }, 'customerId: invalid_id'],
    [{ token: 'x' }, ': unknown_field'],
  ])('%j → %s', (over, expected) => {
    expect(firstIssue(shareLinkCreateSchema, { customerId: id(2), ...over })).toBe(expected);
  });
});

// Responses go out through these schemas, which drop keys they do not name.
describe('share link and bench responses', () => {
  const link = {
    id: id(3),
    customerId: id(2),
    expiresAt: '2024-02-01T00:00:00Z',
    revokedAt: null,
    createdAt: '2024-01-01T00:00:00Z',
    createdBy: id(1),
  };

  it('a link keeps its fields; its token is shown only when it is made', () => {
    expect(shareLinkSchema.parse({ ...link, token: 'secret' })).toEqual(link);
    expect(shareLinkCreatedSchema.parse({ ...link, token: 'secret' })).toEqual({ ...link, token: 'secret' });
    expect(shareLinkCreatedSchema.safeParse(link).success).toBe(false);
  });

  it("what a customer sees: its name and its seats, never rates nor anyone's ids", () => {
    const seat = {
      fullName: 'Ann Lee',
      title: 'QA',
      project: null,
      startDate: '2024-01-01',
      endDate: null,
      allocation: 50,
      hours: { current: 42.5, previous: 160 },
    };
    const shown = {
      customer: { name: 'Acme' },
      expiresAt: '2024-02-01T00:00:00Z',
      seats: [seat],
      months: { current: '2024-01', previous: '2023-12' },
    };
    expect(
      sharedHeadcountSchema.parse({
        ...shown,
        customer: { name: 'Acme', id: id(2), code: 'ACME' },
        seats: [{ ...seat, billingRate: 4000, currency: 'USD', userId: id(1) }],
      }),
    ).toEqual(shown);
    expect(sharedHeadcountSchema.safeParse({ ...shown, customer: {} }).success).toBe(false);
    expect(sharedHeadcountSchema.safeParse({ ...shown, seats: [{ ...seat, allocation: undefined }] }).success).toBe(false);
    expect(sharedHeadcountSchema.safeParse({ ...shown, seats: [{ ...seat, hours: undefined }] }).success).toBe(false);
  });

  it('a person on the bench', () => {
    const person = { id: id(1), fullName: 'Ann Lee', title: null, level: 'senior', lastSeatEnd: '2024-01-31' };
    expect(benchPersonSchema.parse({ ...person, email: 'ann@example.com' })).toEqual(person);
  });
});
