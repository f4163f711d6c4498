import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  candidateJobSchema,
  jobCandidateEventSchema,
  jobCandidateSchema,
  pipelineCandidateOptionSchema,
  pipelineListFields,
  pipelineSearchQuerySchema,
  type JobStatus,
} from '../../../domain/modules/jobs/jobs.schema.js';
import type { Api } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import { listQuerySchema, pageFromQuery, type ListQuery } from '../../http/list-query.js';
import { filterCondition, searchCondition, setTotalHeaders } from '../../http/paging.js';
import type { Services } from '../../services.js';
import { candidates } from '../candidates/candidates.table.js';
import { customers } from '../customers/customers.table.js';
import { users } from '../users/users.table.js';
import {
  candidateParams,
  idParams,
  jobOf,
  pipelineAccess,
  pipelineRoutes,
  rowColumns,
  withVersion,
  type CandidateParams,
} from './jobs.pipeline-entries.js';
import { jobCandidateEvents, jobCandidates, jobs } from './jobs.table.js';

// What a pipeline shows: the board and the search for candidates to add to it, a candidate's
// moves in a job and the jobs a candidate is in. Nothing here writes.

const { tags, base, one } = pipelineRoutes;

/** The pipeline list's query, the kit's: json-server paging and sort, `stage=`/`stage_ne=`, `createdAt_gte=`, `q`. */
const pipelineQuery = listQuerySchema({ fields: pipelineListFields });
const pipelineColumns = {
  candidateName: candidates.fullName,
  stage: jobCandidates.stage,
  createdAt: jobCandidates.createdAt,
  updatedAt: jobCandidates.updatedAt,
} as const;
type PipelineField = keyof typeof pipelineListFields;

/** The board (the job's pipeline, whole or a page) and the search of candidates not yet in it. */
export function registerPipelineBoard(app: Api, s: Services) {
  app.get(
    base,
    {
      config: { access: pipelineAccess },
      schema: {
        tags,
        summary:
          "The job's pipeline: its candidates with their stage, all of them (the board) or a page with X-Total-Count (`_start`/`_end`); sorted, filtered by stage and date, q searches names (accent-free)",
        params: idParams,
        querystring: pipelineQuery,
        response: { 200: z.array(jobCandidateSchema) },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const q = req.query as ListQuery;
      await jobOf(s.db, id);
      const where = and(
        eq(jobCandidates.jobId, id),
        isNull(jobCandidates.archivedAt),
        ...q.filters.map((f) =>
          filterCondition(pipelineColumns[f.field as PipelineField], pipelineListFields[f.field as PipelineField], f.op, f.values),
        ),
        q.ids?.length ? inArray(jobCandidates.id, q.ids) : undefined,
        q.q ? sql`strpos(${candidates.search}, f_unaccent(lower(${q.q}))) > 0` : undefined,
      );
      const direction = q.order === 'desc' ? desc : asc;
      const rows = s.db
        .select(rowColumns)
        .from(jobCandidates)
        .leftJoin(candidates, eq(candidates.id, jobCandidates.candidateId))
        .where(where)
        .orderBy(direction(pipelineColumns[(q.sort ?? 'candidateName') as PipelineField]), direction(jobCandidates.id));
      if ([q._start, q._end, q.page, q.limit].every((v) => v === undefined)) return (await rows).map(withVersion);
      // A page: a pipeline holds tens of candidates, so its total is always counted.
      const { offset, limit } = pageFromQuery(q);
      const [page, [total]] = await Promise.all([
        rows.limit(limit).offset(offset),
        s.db.select({ n: count() }).from(jobCandidates).leftJoin(candidates, eq(candidates.id, jobCandidates.candidateId)).where(where),
      ]);
      setTotalHeaders(reply, { total: total!.n });
      return page.map(withVersion);
    },
  );

  app.get(
    `${base}/search`,
    {
      config: { access: pipelineAccess },
      schema: {
        tags,
        summary:
          'Candidates not yet in the job\'s pipeline whose name, phone or location holds `q` (case- and accent-free: "jose" finds "José"), by name; `limit` ≤ 50, `offset` ≤ 1000, no total',
        params: idParams,
        querystring: pipelineSearchQuerySchema,
        response: { 200: z.array(pipelineCandidateOptionSchema) },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const q = req.query as z.infer<typeof pipelineSearchQuerySchema>;
      await jobOf(s.db, id);
      const inPipeline = s.db
        .select({ id: jobCandidates.candidateId })
        .from(jobCandidates)
        .where(and(eq(jobCandidates.jobId, id), isNull(jobCandidates.archivedAt)));
      return s.db
        .select({ id: candidates.id, label: candidates.fullName, email: candidates.email, phone: candidates.phone })
        .from(candidates)
        .where(
          and(
            isNull(candidates.archivedAt),
            q.q ? searchCondition(candidates.search, q.q) : undefined,
            notInArray(candidates.id, inPipeline),
          ),
        )
        .orderBy(asc(candidates.fullName), asc(candidates.id))
        .limit(q.limit)
        .offset(q.offset);
    },
  );
}

/** A candidate's moves in a job, and the jobs a candidate is in now. */
export function registerPipelineHistory(app: Api, s: Services) {
  app.get(
    `${one}/history`,
    {
      config: { access: pipelineAccess },
      schema: {
        tags,
        summary: "The candidate's moves in this job, oldest first, including earlier times in it",
        params: candidateParams,
        response: { 200: z.array(jobCandidateEventSchema) },
      },
    },
    async (req) => {
      const p = req.params as CandidateParams;
      await jobOf(s.db, p.id);
      const events = await s.db
        .select({
          id: jobCandidateEvents.id,
          jobCandidateId: jobCandidateEvents.jobCandidateId,
          fromStage: jobCandidateEvents.fromStage,
          toStage: jobCandidateEvents.toStage,
          note: jobCandidateEvents.note,
          byUserId: jobCandidateEvents.byUserId,
          byUserName: users.fullName,
          createdAt: jobCandidateEvents.createdAt,
        })
        .from(jobCandidateEvents)
        .innerJoin(jobCandidates, eq(jobCandidates.id, jobCandidateEvents.jobCandidateId))
        .leftJoin(users, eq(users.id, jobCandidateEvents.byUserId))
        .where(and(eq(jobCandidates.jobId, p.id), eq(jobCandidates.candidateId, p.candidateId)))
        .orderBy(asc(jobCandidateEvents.createdAt), asc(jobCandidateEvents.id));
      if (events.length === 0) throw notFound('Job candidate');
      return events;
    },
  );

  app.get(
    '/candidates/:id/jobs',
    {
      config: { access: pipelineAccess },
      schema: {
        tags,
        summary: "The jobs a candidate is in now, with each job's customer and the candidate's stage there, the latest move first",
        params: idParams,
        response: { 200: z.array(candidateJobSchema) },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const [candidate] = await s.db
        .select({ id: candidates.id })
        .from(candidates)
        .where(and(eq(candidates.id, id), isNull(candidates.archivedAt)));
      if (!candidate) throw notFound('Candidate');
      return s.db
        .select({
          id: jobCandidates.id,
          jobId: jobs.id,
          jobTitle: jobs.title,
          jobStatus: sql<JobStatus>`${jobs.status}`,
          customerId: jobs.customerId,
          customerName: sql<string>`coalesce(${customers.name}, '')`,
          stage: jobCandidates.stage,
          updatedAt: jobCandidates.updatedAt,
        })
        .from(jobCandidates)
        .innerJoin(jobs, and(eq(jobs.id, jobCandidates.jobId), isNull(jobs.archivedAt)))
        .leftJoin(customers, eq(customers.id, jobs.customerId))
        .where(and(eq(jobCandidates.candidateId, id), isNull(jobCandidates.archivedAt)))
        .orderBy(desc(jobCandidates.updatedAt), asc(jobCandidates.id));
    },
  );
}
