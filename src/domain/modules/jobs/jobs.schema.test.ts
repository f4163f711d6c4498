import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { filterKeys } from '../../resource.js';
import {
  jobCandidateAddSchema,
  jobCandidateEventSchema,
  jobCandidateSchema,
  jobCandidateStatusSchema,
  jobCreateSchema,
  jobSchema,
  jobUpdateSchema,
  PIPELINE_STAGE_VALUES,
  pipelineCandidateOptionSchema,
  pipelineListFields,
  pipelineSearchQuerySchema,
} from './jobs.schema.js';
import { firstIssue, id } from '../../../../tests/fixtures/schema-issues.js';

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
    [{ customerId: undefined }, 'customerId: required'],
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
    expect(firstIssue(jobCreateSchema, { ...base, ...patch })).toBe(expected);
  });

  it('an update sends only what changes, and never a default', () => {
    expect(jobUpdateSchema.parse({ priority: 'high' })).toEqual({ priority: 'high' });
    expect(firstIssue(jobUpdateSchema, { title: '' })).toBe('title: required');
    expect(firstIssue(jobUpdateSchema, { filled: 2 })).toBe(': unknown_field');
  });
});

describe('pipeline bodies', () => {
  it.each([
    [jobCandidateAddSchema, { candidateId: id(9) }, 'ok'],
    [jobCandidateAddSchema, {}, 'candidateId: required'],
    [jobCandidateAddSchema, { candidateId: id(9), stage: 'hired' }, ': unknown_field'],
    [jobCandidateStatusSchema, { stage: 'interview' }, 'ok'],
    [jobCandidateStatusSchema, { stage: 'interview', note: 'Strong on React' }, 'ok'],
    [jobCandidateStatusSchema, { stage: 'interviewing' }, 'stage: choice'],
    [jobCandidateStatusSchema, { note: 'no stage' }, 'stage: choice'],
    [jobCandidateStatusSchema, { stage: 'rejected', note: 'x'.repeat(2001) }, 'note: too_long'],
  ])('%# %j → %s', (schema, body, expected) => {
    expect(firstIssue(schema as z.ZodType, body)).toBe(expected);
  });
});

describe("searching candidates to add to a job's pipeline", () => {
  it('answers the first 20 for every name unless told otherwise; the address gives numbers as text', () => {
    expect(pipelineSearchQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(pipelineSearchQuerySchema.parse({ q: ' hồng ', limit: '50', offset: '40' })).toEqual({ q: 'hồng', limit: 50, offset: 40 });
  });

  // As the route documents it: `limit` ≤ 50, `offset` ≤ 1000.
  it.each([
    [{ q: 'x'.repeat(200) }, 'ok'],
    [{ q: ` ${'x'.repeat(200)} ` }, 'ok'],
    [{ q: 'x'.repeat(201) }, 'q: too_long'],
    [{ limit: '1' }, 'ok'],
    [{ limit: '50' }, 'ok'],
    [{ limit: '0' }, 'limit: too_small'],
    [{ limit: '51' }, 'limit: too_big'],
    [{ limit: '2.5' }, 'limit: not_number'],
    [{ limit: 'all' }, 'limit: not_number'],
    [{ offset: '0' }, 'ok'],
    [{ offset: '1000' }, 'ok'],
    [{ offset: '-1' }, 'offset: too_small'],
    [{ offset: '1001' }, 'offset: too_big'],
    [{ page: '2' }, ': unknown_field'],
  ])('%j → %s', (query, expected) => {
    expect(firstIssue(pipelineSearchQuerySchema, query)).toBe(expected);
  });

  it('offers each candidate with a label, the e-mail and the phone, if any, and nothing else', () => {
    const option = { id: id(9), label: 'Nguyễn Thị Hồng', email: null, phone: null };
    expect(pipelineCandidateOptionSchema.parse(option)).toEqual(option);
    expect(pipelineCandidateOptionSchema.parse({ ...option, email: 'hong@example.com', phone: '0901', location: 'Huế' })).toEqual({
      ...option,
      email: 'hong@example.com',
      phone: '0901',
    });
    expect(pipelineCandidateOptionSchema.safeParse({ id: id(9), label: 'x', email: null }).success).toBe(false);
    expect(pipelineCandidateOptionSchema.safeParse({ id: id(9), email: null }).success).toBe(false);
  });
});

describe('edges of a job’s fields', () => {
  it.each([
    [{ title: 'x'.repeat(200) }, 'ok'],
    [{ title: '   ' }, 'title: required'],
    [{ projectId: id(4) }, 'ok'],
    [{ projectId: null }, 'ok'],
    [{ techStackIds: Array.from({ length: 50 }, (_, i) => id(i)) }, 'ok'],
    [{ recruiterIds: Array.from({ length: 20 }, (_, i) => id(i)) }, 'ok'],
    [{ recruiterIds: ['hr'] }, 'recruiterIds.0: invalid_id'],
    [{ ownerSaleId: 'sale' }, 'ownerSaleId: invalid_id'],
    [{ ownerSaleId: id(5) }, 'ok'],
    [{ openings: 1 }, 'ok'],
    [{ openings: '2' }, 'openings: not_number'],
    [{ billRate: 0 }, 'ok'],
    [{ billRate: 10.01 }, 'ok'],
    [{ billRate: null }, 'ok'],
    [{ location: 'x'.repeat(200) }, 'ok'],
    [{ location: 'x'.repeat(201) }, 'location: too_long'],
    [{ description: 'x'.repeat(5000) }, 'ok'],
    [{ remote: true }, 'ok'],
    [{ deadline: null }, 'ok'],
    [{ deadline: '2100-01-01' }, 'deadline: date_range'],
    [{ currency: 'VND' }, 'ok'],
  ])('%j → %s', (patch, expected) => {
    expect(firstIssue(jobCreateSchema, { ...base, ...patch })).toBe(expected);
  });

  it.each([
    ['level', ['intern', 'junior', 'middle', 'senior', 'lead']],
    ['priority', ['low', 'medium', 'high', 'urgent']],
    ['status', ['open', 'on_hold', 'filled', 'closed']],
  ])('every %s of the list is taken', (field, values) => {
    for (const value of values) expect(firstIssue(jobCreateSchema, { ...base, [field]: value }), value).toBe('ok');
  });

  it('keeps what it is given, blank text as null', () => {
    const body = {
      title: 'Data engineer',
      customerId: id(1),
      projectId: id(2),
      techStackIds: [id(3)],
      level: 'senior',
      openings: 3,
      billRate: 5200.5,
      location: ' Hà Nội ',
      remote: true,
      description: '   ',
      priority: 'urgent',
      deadline: '2026-12-31',
      status: 'on_hold',
      ownerSaleId: id(4),
      recruiterIds: [id(5)],
      currency: 'EUR',
    };
    expect(jobCreateSchema.parse(body)).toEqual({ ...body, location: 'Hà Nội', description: null });
  });

  it.each([
    [{}, 'ok'],
    [{ openings: 0 }, 'openings: too_small'],
    [{ openings: 1001 }, 'openings: too_big'],
    [{ status: 'closed' }, 'ok'],
    [{ status: 'archived' }, 'status: choice'],
    [{ level: 'principal' }, 'level: choice'],
    [{ customerId: 'acme' }, 'customerId: invalid_id'],
    [{ billRate: -0.01 }, 'billRate: too_small'],
    [{ techStackIds: Array.from({ length: 51 }, (_, i) => id(i)) }, 'techStackIds: too_many'],
    [{ recruiterIds: Array.from({ length: 21 }, (_, i) => id(i)) }, 'recruiterIds: too_many'],
    [{ title: 'x'.repeat(201) }, 'title: too_long'],
  ])('update %j → %s', (body, expected) => {
    expect(firstIssue(jobUpdateSchema, body)).toBe(expected);
  });
});

describe('pipeline stages', () => {
  it('runs from sourced to hired, with rejected and withdrawn beside them', () => {
    expect(PIPELINE_STAGE_VALUES).toEqual(['sourced', 'screening', 'submitted', 'interview', 'offered', 'hired', 'rejected', 'withdrawn']);
    for (const stage of PIPELINE_STAGE_VALUES) expect(firstIssue(jobCandidateStatusSchema, { stage }), stage).toBe('ok');
  });

  it('a move keeps its note, trimmed, and a blank note is none', () => {
    expect(jobCandidateStatusSchema.parse({ stage: 'offered', note: ' Signed ' })).toEqual({ stage: 'offered', note: 'Signed' });
    expect(jobCandidateStatusSchema.parse({ stage: 'offered', note: '' })).toEqual({ stage: 'offered', note: null });
    expect(firstIssue(jobCandidateStatusSchema, { stage: 'rejected', note: 'x'.repeat(2000) })).toBe('ok');
    expect(firstIssue(jobCandidateStatusSchema, { stage: 'rejected', by: id(1) })).toBe(': unknown_field');
  });

  it("a job's pipeline sorts by name, stage and dates, filters by stage and by when a candidate was added", () => {
    const sortable = Object.entries(pipelineListFields)
      .filter(([, f]) => f.sort)
      .map(([name]) => name);
    expect(sortable.sort()).toEqual(['candidateName', 'createdAt', 'stage', 'updatedAt']);
    const keys = Object.entries(pipelineListFields).flatMap(([name, f]) => filterKeys(name, f).map((k) => k.key));
    expect(keys.sort()).toEqual(['createdAt', 'createdAt_gte', 'createdAt_lte', 'stage', 'stage_ne']);
    expect(pipelineListFields.stage.values).toEqual(PIPELINE_STAGE_VALUES);
    expect(Object.values(pipelineListFields).map((f) => f.type)).toEqual(['string', 'enum', 'datetime', 'datetime']);
  });
});

describe('job answers', () => {
  const job = {
    id: id(10),
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-02T08:00:00.000Z',
    createdBy: id(11),
    title: 'Data engineer',
    customerId: id(1),
    projectId: null,
    techStackIds: [id(3)],
    level: 'senior',
    openings: 2,
    filled: 1,
    billRate: 5200.5,
    location: 'Hà Nội',
    remote: false,
    description: null,
    priority: 'high',
    deadline: '2026-12-31',
    status: 'open',
    ownerSaleId: id(4),
    recruiterIds: [id(5)],
    currency: 'USD',
  };
  const cv = { fileId: id(20), name: 'cv.pdf', mime: 'application/pdf', size: 1024, uploadedAt: '2026-11-03T08:00:00.000Z' };
  const inPipeline = {
    id: id(12),
    jobId: id(10),
    candidateId: id(13),
    candidateName: 'Nguyễn Thị Hồng',
    candidateEmail: null,
    candidateLevel: 'senior',
    stage: 'interview',
    cv,
    addedBy: id(5),
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-02T08:00:00.000Z',
    version: '"v1"',
  };
  const event = {
    id: id(14),
    jobCandidateId: id(12),
    fromStage: 'screening',
    toStage: null,
    note: 'Removed',
    byUserId: id(5),
    byUserName: 'Recruiter',
    createdAt: '2026-11-02T08:00:00.000Z',
  };

  it.each([
    ['a job', jobSchema, job],
    ['a candidate in a pipeline', jobCandidateSchema, inPipeline],
    ['a candidate in a pipeline without a CV', jobCandidateSchema, { ...inPipeline, cv: null }],
    ['a pipeline event', jobCandidateEventSchema, event],
    [
      'the first event',
      jobCandidateEventSchema,
      { ...event, fromStage: null, toStage: 'sourced', note: null, byUserId: null, byUserName: null },
    ],
  ])('%s keeps every field', (_, schema, body) => {
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });

  it.each([
    ['a job without its filled count', jobSchema, { ...job, filled: undefined }],
    ['a job of an unknown status', jobSchema, { ...job, status: 'draft' }],
    ['a pipeline row at an unknown stage', jobCandidateSchema, { ...inPipeline, stage: 'hold' }],
    ['a CV without its name', jobCandidateSchema, { ...inPipeline, cv: { ...cv, name: undefined } }],
    ['a pipeline row without its version', jobCandidateSchema, { ...inPipeline, version: undefined }],
    ['an event to an unknown stage', jobCandidateEventSchema, { ...event, toStage: 'hold' }],
  ])('refuses %s', (_, schema, body) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(false);
  });
});
