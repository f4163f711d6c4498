import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, projectCreateSchema, projectUpdateSchema } from './projects.schema.js';
import { firstIssue, id } from '../../../../tests/fixtures/schema-issues.js';

const base = { name: 'Portal', code: 'prt-1', customerId: id(1) };

describe('project create', () => {
  it('applies its defaults; absent dates are null', () => {
    expect(projectCreateSchema.parse(base)).toEqual({
      name: 'Portal',
      code: 'PRT-1',
      customerId: id(1),
      status: 'active',
      techStackIds: [],
      startDate: null,
      endDate: null,
    });
  });

  it.each([
    [{ name: undefined }, 'name: required'],
    [{ code: undefined }, 'code: required'],
    // An id states its own code even when absent; the server reports a field not sent as required.
    [{ customerId: undefined }, 'customerId: required'],
    [{ customerId: 'acme' }, 'customerId: invalid_id'],
    [{ name: 'P' }, 'name: required'],
    [{ name: 'x'.repeat(160) }, 'ok'],
    [{ name: 'x'.repeat(161) }, 'name: too_long'],
    [{ code: 'C'.repeat(30) }, 'ok'],
    [{ code: 'C'.repeat(31) }, 'code: too_long'],
    [{ code: 'p/1' }, 'code: code_chars'],
    ...PROJECT_STATUSES.map((status) => [{ status }, 'ok'] as [object, string]),
    [{ status: 'done' }, 'status: choice'],
    [{ techStackIds: Array.from({ length: 30 }, (_, i) => id(i)) }, 'ok'],
    [{ techStackIds: Array.from({ length: 31 }, (_, i) => id(i)) }, 'techStackIds: too_many'],
    [{ startDate: '2024-01-31', endDate: '2024-01-31' }, 'ok'],
    [{ startDate: '2024-02-01', endDate: '2024-01-31' }, 'endDate: end_before_start'],
    [{ endDate: '2024-01-31' }, 'ok'],
    [{ startDate: '2024-02-30' }, 'startDate: date'],
    [{ endDate: '2100-01-01' }, 'endDate: date_range'],
    [{ budget: 1 }, ': unknown_field'],
  ])('%j → %s', (over, expected) => {
    expect(firstIssue(projectCreateSchema, { ...base, ...over })).toBe(expected);
  });
});

describe('project update', () => {
  it('is partial: nothing is required and no default is added', () => {
    expect(projectUpdateSchema.parse({})).toEqual({});
    expect(projectUpdateSchema.parse({ status: 'paused' })).toEqual({ status: 'paused' });
  });
  it.each([
    [{ startDate: '2024-02-01', endDate: '2024-01-31' }, 'endDate: end_before_start'],
    [{ startDate: '2024-01-01', endDate: '2024-12-31' }, 'ok'],
    // One date alone is checked against the stored one by the server, not here.
    [{ endDate: '2000-01-01' }, 'ok'],
    [{ endDate: null }, 'ok'],
    [{ customerId: null }, 'customerId: required'],
    [{ id: id(1) }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(projectUpdateSchema, body)).toBe(expected);
  });
});
