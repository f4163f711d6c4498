import { z } from 'zod';
import {
  currency,
  intNumber,
  moneyAmount,
  optionalDate,
  optionalRef,
  optionalText,
  orNull,
  requiredText,
  rowShape,
  storedFileRefSchema,
  uuidRef,
  type StoredFileRef,
} from '../../fields.js';
import type { FieldDecl } from '../../resource.js';

export const JOB_LEVEL_VALUES = ['intern', 'junior', 'middle', 'senior', 'lead'] as const;
export const JOB_PRIORITY_VALUES = ['low', 'medium', 'high', 'urgent'] as const;
export const JOB_STATUS_VALUES = ['open', 'on_hold', 'filled', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUS_VALUES)[number];

/** Job: what the API returns. */
export const jobSchema = z.object({
  ...rowShape,
  title: z.string(),
  customerId: z.uuid(),
  projectId: z.uuid().nullable(),
  techStackIds: z.array(z.uuid()),
  level: z.enum(JOB_LEVEL_VALUES),
  openings: z.number(),
  filled: z.number(),
  billRate: z.number().nullable(),
  location: z.string().nullable(),
  remote: z.boolean(),
  description: z.string().nullable(),
  priority: z.enum(JOB_PRIORITY_VALUES),
  deadline: z.string().nullable(),
  status: z.enum(JOB_STATUS_VALUES),
  ownerSaleId: z.uuid().nullable(),
  recruiterIds: z.array(z.uuid()),
  currency: currency,
});
export type Job = z.infer<typeof jobSchema>;

const fields = {
  title: requiredText(200),
  customerId: uuidRef,
  projectId: optionalRef,
  techStackIds: z.array(uuidRef).max(50),
  level: z.enum(JOB_LEVEL_VALUES),
  openings: intNumber.min(1).max(1000),
  billRate: orNull(moneyAmount),
  location: optionalText(200),
  remote: z.boolean(),
  description: optionalText(5000),
  priority: z.enum(JOB_PRIORITY_VALUES),
  deadline: optionalDate,
  status: z.enum(JOB_STATUS_VALUES),
  ownerSaleId: optionalRef,
  recruiterIds: z.array(uuidRef).max(20),
  currency: currency,
};
export const jobCreateSchema = z.strictObject({
  ...fields,
  techStackIds: fields.techStackIds.default([]),
  level: fields.level.default('middle'),
  openings: fields.openings.default(1),
  remote: fields.remote.default(false),
  priority: fields.priority.default('medium'),
  status: fields.status.default('open'),
  recruiterIds: fields.recruiterIds.default([]),
  currency: fields.currency.default('USD'),
});
export const jobUpdateSchema = z.strictObject(fields).partial();

/** Pipeline stages in their usual order; rejected and withdrawn leave it from any stage. */
export const PIPELINE_STAGE_VALUES = [
  'sourced',
  'screening',
  'submitted',
  'interview',
  'offered',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGE_VALUES)[number];

/** A CV sent to this job's customer. */
export const jobCandidateFileSchema = storedFileRefSchema;
export type JobCandidateFile = StoredFileRef;

/** A candidate in a job's pipeline, with what a row of the pipeline shows. */
export const jobCandidateSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  candidateId: z.uuid(),
  candidateName: z.string(),
  candidateEmail: z.string().nullable(),
  candidateLevel: z.string().nullable(),
  stage: z.enum(PIPELINE_STAGE_VALUES),
  cv: jobCandidateFileSchema.nullable(),
  addedBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The entry's version: a move sent with it as `If-Match` is refused (412) if someone moved the candidate since. */
  version: z.string(),
});
export type JobCandidate = z.infer<typeof jobCandidateSchema>;

/** A job a candidate is in, as the candidate's page lists it: the job, its customer and the candidate's stage there. */
export const candidateJobSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  jobStatus: z.enum(JOB_STATUS_VALUES),
  customerId: z.uuid(),
  customerName: z.string(),
  stage: z.enum(PIPELINE_STAGE_VALUES),
  updatedAt: z.string(),
});
export type CandidateJob = z.infer<typeof candidateJobSchema>;

export const jobCandidateAddSchema = z.strictObject({ candidateId: uuidRef });
export const jobCandidateStatusSchema = z.strictObject({
  stage: z.enum(PIPELINE_STAGE_VALUES),
  note: optionalText(2000),
});
/** A candidate not yet in a job's pipeline, as the add dialog offers it. */
/** A candidate offered to a pipeline, with what tells namesakes apart. */
export const pipelineCandidateOptionSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PipelineCandidateOption = z.infer<typeof pipelineCandidateOptionSchema>;

/** The largest page of candidates the pipeline's search answers, and how deep it pages. */
export const PIPELINE_SEARCH_MAX = 50;
export const PIPELINE_SEARCH_MAX_OFFSET = 1000;
export const pipelineSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PIPELINE_SEARCH_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(PIPELINE_SEARCH_MAX_OFFSET).default(0),
});

/**
 * What a job's pipeline list sorts and filters by, declared as a resource's fields are: the server
 * reads its query with the kit's list schema (paging, `_sort`, `stage=`, `stage_ne=`, `createdAt_gte=`, `q`).
 */
export const pipelineListFields = {
  candidateName: { type: 'string', sort: true },
  stage: { type: 'enum', values: PIPELINE_STAGE_VALUES, sort: true, filter: 'eq' },
  createdAt: { type: 'datetime', sort: true, filter: 'range' },
  updatedAt: { type: 'datetime', sort: true },
} as const satisfies Record<string, FieldDecl>;

/** One change in a pipeline: who moved the candidate, when, from where to where, and why. */
export const jobCandidateEventSchema = z.object({
  id: z.uuid(),
  jobCandidateId: z.uuid(),
  fromStage: z.enum(PIPELINE_STAGE_VALUES).nullable(),
  toStage: z.enum(PIPELINE_STAGE_VALUES).nullable(),
  note: z.string().nullable(),
  byUserId: z.uuid().nullable(),
  byUserName: z.string().nullable(),
  createdAt: z.string(),
});
export type JobCandidateEvent = z.infer<typeof jobCandidateEventSchema>;
