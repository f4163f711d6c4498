import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueOf, type IssueLike } from '../../validation.js';
import { jobCandidateAddSchema, jobCandidateStatusSchema, jobCreateSchema, jobUpdateSchema } from './jobs.schema.js';

// First issue as the server and the form report it: field path and code.
const check = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body, { reportInput: true });
  return r.success ? 'ok' : `${r.error.issues[0]!.path.join('.')}: ${issueOf(r.error.issues[0] as IssueLike).code}`;
};
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base = { title: ' Senior React developer ', customerId: id(1) };

describe('job create', () => {
  it('opens one middle-level, on-site, medium-priority opening unless told otherwise', () => {
    expect(jobCreateSchema.parse(base)).toEqual({
      title: 'Senior React developer',
      customerId: id(1),
      projectId: null,
      techStackIds: [],
      level: 'middle',
      openings: 1,
      billRate: null,
      location: null,
      remote: false,
      description: null,
      priority: 'medium',
      deadline: null,
      status: 'open',
      ownerSaleId: null,
      recruiterIds: [],
      currency: 'USD',
    });
  });

  it.each([
    [{}, 'ok'],
    [{ title: undefined }, 'title: required'],
    [{ title: 'x'.repeat(201) }, 'title: too_long'],
    [{ customerId: undefined }, 'customerId: invalid_id'],
    [{ customerId: 'acme' }, 'customerId: invalid_id'],
    [{ projectId: 'p' }, 'projectId: invalid_id'],
    [{ techStackIds: [id(2), id(3)] }, 'ok'],
    [{ techStackIds: ['react'] }, 'techStackIds.0: invalid_id'],
    [{ techStackIds: Array.from({ length: 51 }, (_, i) => id(i)) }, 'techStackIds: too_many'],
    [{ level: 'lead' }, 'ok'],
    [{ level: 'principal' }, 'level: choice'],
    [{ openings: 1000 }, 'ok'],
    [{ openings: 0 }, 'openings: too_small'],
    [{ openings: 1001 }, 'openings: too_big'],
    [{ openings: 1.5 }, 'openings: not_number'],
    [{ billRate: 4500 }, 'ok'],
    [{ billRate: -1 }, 'billRate: too_small'],
    [{ billRate: 10.001 }, 'billRate: step'],
    [{ remote: 'yes' }, 'remote: invalid'],
    [{ description: 'x'.repeat(5001) }, 'description: too_long'],
    [{ priority: 'urgent' }, 'ok'],
    [{ priority: 'asap' }, 'priority: choice'],
    [{ deadline: '2026-12-31' }, 'ok'],
    [{ deadline: '31/12/2026' }, 'deadline: date'],
    [{ status: 'filled' }, 'ok'],
    [{ status: 'draft' }, 'status: choice'],
    [{ recruiterIds: Array.from({ length: 21 }, (_, i) => id(i)) }, 'recruiterIds: too_many'],
    [{ currency: 'XYZ' }, 'currency: choice'],
    // How many openings are filled is the pipeline's count, never typed in.
    [{ filled: 1 }, ': unknown_field'],
  ])('%j → %s', (patch, expected) => {
    expect(check(jobCreateSchema, { ...base, ...patch })).toBe(expected);
  });

  it('an update sends only what changes, and never a default', () => {
    expect(jobUpdateSchema.parse({ priority: 'high' })).toEqual({ priority: 'high' });
    expect(check(jobUpdateSchema, { title: '' })).toBe('title: required');
    expect(check(jobUpdateSchema, { filled: 2 })).toBe(': unknown_field');
  });
});

describe('pipeline bodies', () => {
  it.each([
    [jobCandidateAddSchema, { candidateId: id(9) }, 'ok'],
    [jobCandidateAddSchema, {}, 'candidateId: invalid_id'],
    [jobCandidateAddSchema, { candidateId: id(9), stage: 'hired' }, ': unknown_field'],
    [jobCandidateStatusSchema, { stage: 'interview' }, 'ok'],
    [jobCandidateStatusSchema, { stage: 'interview', note: 'Strong on React' }, 'ok'],
    [jobCandidateStatusSchema, { stage: 'interviewing' }, 'stage: choice'],
    [jobCandidateStatusSchema, { note: 'no stage' }, 'stage: choice'],
    [jobCandidateStatusSchema, { stage: 'rejected', note: 'x'.repeat(2001) }, 'note: too_long'],
  ])('%# %j → %s', (schema, body, expected) => {
    expect(check(schema as z.ZodType, body)).toBe(expected);
  });
});
