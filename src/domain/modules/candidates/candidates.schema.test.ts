import { describe, expect, it } from 'vitest';
import { candidateCreateSchema, candidateUpdateSchema } from './candidates.schema.js';
import { firstIssue, id } from '../../../../tests/fixtures/schema-issues.js';

const base = { fullName: 'Binh Tran' };

describe('candidate create', () => {
  it('applies its defaults; absent or blank optional fields are null', () => {
    expect(candidateCreateSchema.parse({ ...base, phone: '  ', email: ' Binh@Example.com ' })).toEqual({
      fullName: 'Binh Tran',
      email: 'binh@example.com',
      phone: null,
      location: null,
      yearsOfExperience: null,
      expectedSalary: null,
      noticePeriodDays: null,
      ownerHrId: null,
      level: 'intern',
      status: 'new',
      techStackIds: [],
      hashtags: [],
      source: 'linkedin',
      currency: 'USD',
    });
  });

  it.each([
    [{ fullName: undefined }, 'fullName: required'],
    [{ fullName: '   ' }, 'fullName: required'],
    [{ fullName: 'B' }, 'ok'],
    [{ fullName: 'x'.repeat(200) }, 'ok'],
    [{ fullName: 'x'.repeat(201) }, 'fullName: too_long'],
    [{ email: 'binh' }, 'email: email'],
    [{ phone: 'x'.repeat(200) }, 'ok'],
    [{ phone: 'x'.repeat(201) }, 'phone: too_long'],
    [{ location: 'x'.repeat(200) }, 'ok'],
    [{ location: 'x'.repeat(201) }, 'location: too_long'],
    [{ yearsOfExperience: 3 }, 'ok'],
    [{ yearsOfExperience: 2.5 }, 'yearsOfExperience: not_number'],
    [{ noticePeriodDays: '30' }, 'noticePeriodDays: not_number'],
    [{ expectedSalary: 1500.5 }, 'ok'],
    [{ expectedSalary: 1500.505 }, 'expectedSalary: step'],
    [{ expectedSalary: -1 }, 'expectedSalary: too_small'],
    [{ level: 'senior', status: 'placed', source: 'agency', currency: 'VND' }, 'ok'],
    [{ level: 'guru' }, 'level: choice'],
    [{ status: 'hired' }, 'status: choice'],
    [{ source: 'tiktok' }, 'source: choice'],
    [{ currency: 'usd' }, 'currency: choice'],
    [{ techStackIds: Array.from({ length: 50 }, (_, i) => id(i)) }, 'ok'],
    [{ techStackIds: Array.from({ length: 51 }, (_, i) => id(i)) }, 'techStackIds: too_many'],
    [{ techStackIds: ['go'] }, 'techStackIds.0: invalid_id'],
    [{ ownerHrId: 'hr' }, 'ownerHrId: invalid_id'],
    [{ cv: 'x' }, ': unknown_field'],
  ])('%j → %s', (over, expected) => {
    expect(firstIssue(candidateCreateSchema, { ...base, ...over })).toBe(expected);
  });
});

describe('candidate update', () => {
  it('is partial: nothing is required and no default is added', () => {
    expect(candidateUpdateSchema.parse({})).toEqual({});
    expect(candidateUpdateSchema.parse({ status: 'placed' })).toEqual({ status: 'placed' });
  });
  it.each([
    [{ fullName: '' }, 'fullName: required'],
    [{ techStackIds: [id(1)] }, 'ok'],
    [{ id: id(1) }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(candidateUpdateSchema, body)).toBe(expected);
  });
});
