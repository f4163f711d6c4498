import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { JobCandidateFile, PipelineStage } from '../../../domain/modules/jobs/jobs.schema.js';
import { now, rowColumns, timestamptz } from '../../db/columns.js';

export const jobs = pgTable(
  'jobs',
  {
    ...rowColumns(),
    title: text().notNull(),
    customerId: uuid().notNull(),
    projectId: uuid(),
    techStackIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    level: text().notNull().default('middle'),
    openings: integer().notNull().default(1),
    /** Hires in the pipeline, kept by the pipeline's moves. */
    filled: integer().notNull().default(0),
    billRate: numeric({ precision: 14, scale: 2, mode: 'number' }),
    location: text(),
    remote: boolean().notNull().default(false),
    description: text(),
    priority: text().notNull().default('medium'),
    deadline: date({ mode: 'string' }),
    status: text().notNull().default('open'),
    ownerSaleId: uuid(),
    recruiterIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    currency: text().notNull().default('USD'),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(title, '') || ' ' || coalesce(location, '')))`),
  },
  (t) => [
    index('jobs_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('jobs_title_idx')
      .on(t.title, t.id)
      .where(sql`archived_at is null`),
    index('jobs_customer_id_idx').on(t.customerId),
    index('jobs_project_id_idx').on(t.projectId),
    index('jobs_owner_sale_id_idx').on(t.ownerSaleId),
    index('jobs_tech_stack_ids_idx').using('gin', t.techStackIds),
    index('jobs_recruiter_ids_idx').using('gin', t.recruiterIds),
  ],
);

/** The pipeline: a candidate's place in one job. Removing archives the row (its history stays). */
export const jobCandidates = pgTable(
  'job_candidates',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id),
    candidateId: uuid().notNull(),
    stage: text().$type<PipelineStage>().notNull().default('sourced'),
    /** The CV sent to this job's customer: metadata here, bytes in files. */
    cv: jsonb().$type<JobCandidateFile>(),
    addedBy: uuid(),
    createdAt: timestamptz().notNull().default(now),
    updatedAt: timestamptz().notNull().default(now),
    archivedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('job_candidates_job_candidate_key')
      .on(t.jobId, t.candidateId)
      .where(sql`archived_at is null`),
    index('job_candidates_candidate_id_idx').on(t.candidateId),
  ],
);

/** Every change of a pipeline row: added (from null), moved, removed (to null). */
export const jobCandidateEvents = pgTable(
  'job_candidate_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobCandidateId: uuid()
      .notNull()
      .references(() => jobCandidates.id),
    fromStage: text().$type<PipelineStage>(),
    toStage: text().$type<PipelineStage>(),
    note: text(),
    byUserId: uuid(),
    createdAt: timestamptz().notNull().default(now),
  },
  (t) => [index('job_candidate_events_job_candidate_id_idx').on(t.jobCandidateId, t.createdAt)],
);
