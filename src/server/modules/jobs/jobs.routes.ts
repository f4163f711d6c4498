import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PRIVILEGED_ROLES } from '../../../domain/auth/permissions.js';
import { afterHire, stageMoveRefusal } from '../../../domain/modules/jobs/jobs.rules.js';
import {
  candidateJobSchema,
  jobCandidateAddSchema,
  jobCandidateEventSchema,
  jobCandidateSchema,
  jobCandidateStatusSchema,
  pipelineCandidateOptionSchema,
  pipelineListFields,
  pipelineSearchQuerySchema,
  type JobStatus,
  type PipelineStage,
} from '../../../domain/modules/jobs/jobs.schema.js';
import type { Db } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import { conflict, forbidden, notFound, pgError, unprocessable } from '../../http/errors.js';
import { listQuerySchema, pageFromQuery, type ListQuery } from '../../http/list-query.js';
import { assertCurrent, rowVersion } from '../../http/precondition.js';
import { filterCondition, searchCondition, setTotalHeaders } from '../../http/paging.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import { candidatesResource } from '../../../domain/modules/candidates/candidates.resource.js';
import { candidates } from '../candidates/candidates.table.js';
import { customers } from '../customers/customers.table.js';
import { registerFileSlot } from '../files/file-slot.js';
import { notify, type NotifyInput } from '../notifications/notifications.service.js';
import { users } from '../users/users.table.js';
import { jobFollowers, notifyIn, type JobRow } from './jobs.notify.js';
import { jobCandidateEvents, jobCandidates, jobs } from './jobs.table.js';

// A job's pipeline: its candidates, their stages and history, and the CV sent to the customer.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
const candidateParams = z.object({ id: z.uuid({ message: 'invalid_id' }), candidateId: z.uuid({ message: 'invalid_id' }) });
type CandidateParams = z.infer<typeof candidateParams>;

const pipelineAccess = { resource: 'jobs', action: 'pipeline' } as const;
const moveAccess = { resource: 'jobs', action: 'move' } as const;

/** Pipeline rows with what the list shows of each candidate. */
const rowColumns = {
  id: jobCandidates.id,
  jobId: jobCandidates.jobId,
  candidateId: jobCandidates.candidateId,
  candidateName: sql<string>`coalesce(${candidates.fullName}, '')`,
  candidateEmail: candidates.email,
  candidateLevel: candidates.level,
  stage: jobCandidates.stage,
  cv: jobCandidates.cv,
  addedBy: jobCandidates.addedBy,
  createdAt: jobCandidates.createdAt,
  updatedAt: jobCandidates.updatedAt,
};

/**
 * A pipeline entry's version, from what its rows show of it (the list joins the candidate, so the
 * stored row is not at hand there): a move changes the stage and the time, hence the version.
 */
const entryVersion = (row: { id: string; stage: string; updatedAt: string }) =>
  rowVersion({ id: row.id, stage: row.stage, updatedAt: row.updatedAt });
const withVersion = <T extends { id: string; stage: string; updatedAt: string }>(row: T) => ({ ...row, version: entryVersion(row) });

/** The pipeline list's query, the kit's: json-server paging and sort, `stage=`/`stage_ne=`, `createdAt_gte=`, `q`. */
const pipelineQuery = listQuerySchema({ fields: pipelineListFields });
const pipelineColumns = {
  candidateName: candidates.fullName,
  stage: jobCandidates.stage,
  createdAt: jobCandidates.createdAt,
  updatedAt: jobCandidates.updatedAt,
} as const;
type PipelineField = keyof typeof pipelineListFields;

export function registerJobRoutes(app: Api, s: Services) {
  const tags = ['jobs'];
  const base = '/jobs/:id/candidates';
  const one = `${base}/:candidateId`;

  /** The live job, locked when the caller writes; 404 when missing or archived. */
  async function jobOf(db: Db | Tx, id: string, lock = false): Promise<JobRow> {
    const q = db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), isNull(jobs.archivedAt)));
    const [job] = lock ? await q.for('update') : await q;
    if (!job) throw notFound('Job');
    return job;
  }

  /** Sales change the pipelines of the jobs they own; recruiters and leads any. */
  function assertMayMove(user: CurrentUser, job: JobRow) {
    if (user.role === 'sale' && job.ownerSaleId !== user.id)
      throw forbidden('You can change only the pipelines of the jobs you own', 'not_owner');
  }

  async function liveRow(db: Db | Tx, p: CandidateParams, lock = false) {
    const q = db
      .select()
      .from(jobCandidates)
      .where(and(eq(jobCandidates.jobId, p.id), eq(jobCandidates.candidateId, p.candidateId), isNull(jobCandidates.archivedAt)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('Job candidate');
    return row;
  }

  async function pipelineRow(db: Db | Tx, id: string) {
    const [row] = await db
      .select(rowColumns)
      .from(jobCandidates)
      .leftJoin(candidates, eq(candidates.id, jobCandidates.candidateId))
      .where(eq(jobCandidates.id, id));
    return withVersion(row!);
  }

  /** A change to an entry the caller saw at another version (its row's `version`) is refused, as a move is. */
  const assertEntryCurrent = (db: Db | Tx, req: FastifyRequest, row: { id: string; stage: string; updatedAt: string }) =>
    assertCurrent(db, req, {
      entity: 'jobs',
      auditId: (req.params as CandidateParams).id,
      label: 'Job candidate',
      row: { id: row.id, stage: row.stage, updatedAt: row.updatedAt },
      current: () => pipelineRow(db, row.id),
    });

  const tell = (tx: Tx, job: JobRow, input: NotifyInput) => notify(notifyIn(s, tx as unknown as Db), jobFollowers(job), input);

  const audit = (tx: Tx, req: FastifyRequest, jobId: string, before: unknown, after: unknown) =>
    writeAudit(tx as unknown as Db, {
      actorId: req.user!.id,
      entity: 'jobs',
      entityId: jobId,
      action: 'updated',
      before: before as Record<string, unknown>,
      after: after as Record<string, unknown>,
      requestId: req.id,
    });

  /** A hire or its undoing changes the job's filled count, and its status when the last opening is taken or freed. */
  async function applyHire(tx: Tx, req: FastifyRequest, job: JobRow, from: PipelineStage | null, to: PipelineStage | null) {
    const next = afterHire(job, from, to);
    if (next.filled === job.filled && next.status === job.status) return;
    await tx
      .update(jobs)
      .set({ filled: next.filled, status: next.status, updatedAt: sql`now()` })
      .where(eq(jobs.id, job.id));
    await audit(tx, req, job.id, { filled: job.filled, status: job.status }, next);
    if (next.status !== job.status)
      await tell(tx, job, {
        type: 'job_status_changed',
        title: 'Job status changed',
        message: `${job.title}: ${job.status} → ${next.status}`,
        params: { job: job.title, from: job.status, to: next.status },
        jobId: job.id,
        changedByUserId: req.user!.id,
      });
  }

  const candidateName = async (tx: Tx, id: string) =>
    (await tx.select({ name: candidates.fullName }).from(candidates).where(eq(candidates.id, id)))[0]?.name ?? '';

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

  app.post(
    base,
    {
      config: { access: moveAccess },
      schema: {
        tags,
        summary: 'Add a candidate to the pipeline (sourced); 409 when already in it',
        params: idParams,
        body: jobCandidateAddSchema,
        response: { 201: jobCandidateSchema },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const { candidateId } = req.body as z.infer<typeof jobCandidateAddSchema>;
      try {
        const row = await s.db.transaction(async (tx) => {
          const job = await jobOf(tx, id, true);
          assertMayMove(req.user!, job);
          if (job.status === 'closed') throw unprocessable('The job is closed', 'job_closed');
          const [candidate] = await tx
            .select({ name: candidates.fullName })
            .from(candidates)
            .where(and(eq(candidates.id, candidateId), isNull(candidates.archivedAt)));
          if (!candidate) throw conflict('The candidateId does not exist', 'reference_missing', { candidateId: 'reference_missing' });
          const [existing] = await tx
            .select({ id: jobCandidates.id })
            .from(jobCandidates)
            .where(and(eq(jobCandidates.jobId, id), eq(jobCandidates.candidateId, candidateId), isNull(jobCandidates.archivedAt)));
          if (existing) throw alreadyIn();
          const [created] = await tx
            .insert(jobCandidates)
            .values({ jobId: id, candidateId, stage: 'sourced', addedBy: req.user!.id })
            .returning();
          await tx
            .insert(jobCandidateEvents)
            .values({ jobCandidateId: created!.id, fromStage: null, toStage: 'sourced', byUserId: req.user!.id });
          await audit(tx, req, id, { pipeline: null }, { pipeline: { candidateId, stage: 'sourced' } });
          await tell(tx, job, {
            type: 'candidate_added',
            title: 'Candidate added',
            message: `${candidate.name} was added to ${job.title}`,
            params: { candidate: candidate.name, job: job.title, candidateId },
            jobId: id,
            changedByUserId: req.user!.id,
          });
          return pipelineRow(tx, created!.id);
        });
        return reply.status(201).send(row);
      } catch (err) {
        // Two adds at once: the unique index keeps one, the other is the same 409.
        if (pgError(err)?.code === '23505') throw alreadyIn();
        throw err;
      }
    },
  );

  app.delete(
    one,
    {
      config: { access: moveAccess },
      schema: { tags, summary: 'Take a candidate out of the pipeline; their history is kept', params: candidateParams },
    },
    async (req, reply) => {
      const p = req.params as CandidateParams;
      await s.db.transaction(async (tx) => {
        const job = await jobOf(tx, p.id, true);
        assertMayMove(req.user!, job);
        const row = await liveRow(tx, p, true);
        const stage = row.stage as PipelineStage;
        // A hire is undone only by a lead, as any move out of hired.
        if (stage === 'hired' && !PRIVILEGED_ROLES.includes(req.user!.role))
          throw unprocessable('Only a lead can undo a hire', 'stage_final', { stage: 'stage_final' });
        await tx
          .update(jobCandidates)
          .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(jobCandidates.id, row.id));
        await tx.insert(jobCandidateEvents).values({ jobCandidateId: row.id, fromStage: stage, toStage: null, byUserId: req.user!.id });
        await audit(tx, req, p.id, { pipeline: { candidateId: p.candidateId, stage } }, { pipeline: null });
        await applyHire(tx, req, job, stage, null);
        const name = await candidateName(tx, p.candidateId);
        await tell(tx, job, {
          type: 'candidate_removed',
          title: 'Candidate removed',
          message: `${name} was removed from ${job.title}`,
          params: { candidate: name, job: job.title, candidateId: p.candidateId },
          jobId: p.id,
          changedByUserId: req.user!.id,
        });
      });
      return reply.status(204).send();
    },
  );

  app.patch(
    `${one}/status`,
    {
      config: { access: moveAccess, precondition: true },
      schema: {
        tags,
        summary:
          "Move a candidate to another stage with a note; out of hired, rejected or withdrawn only by a lead (422 stage_final); with the entry's `version` as If-Match, refused (412) if someone moved it since",
        params: candidateParams,
        body: jobCandidateStatusSchema,
        response: { 200: jobCandidateSchema },
      },
    },
    async (req, reply) => {
      const p = req.params as CandidateParams;
      const body = req.body as z.infer<typeof jobCandidateStatusSchema>;
      const moved = await s.db.transaction(async (tx) => {
        const job = await jobOf(tx, p.id, true);
        assertMayMove(req.user!, job);
        const row = await liveRow(tx, p, true);
        // The move is made on the stage the mover saw: someone else's move since is told, not overwritten.
        await assertEntryCurrent(tx, req, row);
        const from = row.stage as PipelineStage;
        const refusal = stageMoveRefusal(from, body.stage, req.user!.role, job);
        if (refusal) throw unprocessable(STAGE_REFUSALS[refusal] ?? 'This move is not allowed', refusal, { stage: refusal });
        await tx
          .update(jobCandidates)
          .set({ stage: body.stage, updatedAt: sql`now()` })
          .where(eq(jobCandidates.id, row.id));
        await tx
          .insert(jobCandidateEvents)
          .values({ jobCandidateId: row.id, fromStage: from, toStage: body.stage, note: body.note ?? null, byUserId: req.user!.id });
        await audit(
          tx,
          req,
          p.id,
          { pipeline: { candidateId: p.candidateId, stage: from } },
          { pipeline: { candidateId: p.candidateId, stage: body.stage } },
        );
        const name = await candidateName(tx, p.candidateId);
        await tell(tx, job, {
          type: 'candidate_status_changed',
          title: 'Candidate moved',
          message: `${name} (${job.title}): ${from} → ${body.stage}`,
          params: { candidate: name, job: job.title, candidateId: p.candidateId, from, to: body.stage },
          jobId: p.id,
          changedByUserId: req.user!.id,
        });
        await applyHire(tx, req, job, from, body.stage);
        return pipelineRow(tx, row.id);
      });
      void reply.header('etag', moved.version);
      return moved;
    },
  );

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

  // Not a kit row (an entry is a job and a candidate), so the slot's helper is given the entry's ways.
  registerFileSlot(app, s, {
    url: `${one}/cv`,
    what: 'CV',
    tags,
    params: candidateParams,
    // The candidate's own CV's kinds: the same document, sent on.
    kinds: candidatesResource.files.cv.types,
    access: { read: pipelineAccess, write: moveAccess },
    precondition: true,
    async current(req) {
      const p = req.params as CandidateParams;
      await jobOf(s.db, p.id);
      return (await liveRow(s.db, p)).cv;
    },
    async assertMayWrite(req) {
      const p = req.params as CandidateParams;
      assertMayMove(req.user!, await jobOf(s.db, p.id));
      await assertEntryCurrent(s.db, req, await liveRow(s.db, p));
    },
    async lock(tx, req) {
      const p = req.params as CandidateParams;
      const row = await liveRow(tx, p, true);
      await assertEntryCurrent(tx, req, row);
      return {
        file: row.cv,
        async replace(after) {
          const [updated] = await tx
            .update(jobCandidates)
            .set({ cv: after, updatedAt: sql`now()` })
            .where(eq(jobCandidates.id, row.id))
            .returning({ id: jobCandidates.id, stage: jobCandidates.stage, updatedAt: jobCandidates.updatedAt });
          await audit(
            tx,
            req,
            p.id,
            { pipelineCv: { candidateId: p.candidateId, cv: row.cv } },
            { pipelineCv: { candidateId: p.candidateId, cv: after } },
          );
          return { version: entryVersion(updated!) };
        },
      };
    },
  });
}

const alreadyIn = () =>
  conflict('This candidate is already in the pipeline', 'already_in_pipeline', { candidateId: 'already_in_pipeline' });

const STAGE_REFUSALS: Record<string, string> = {
  stage_unchanged: 'The candidate is already at this stage',
  stage_final: 'Only a lead can move a candidate out of hired, rejected or withdrawn',
  no_opening_left: 'Every opening of this job is filled',
  job_closed: 'Nobody is hired into a closed or on-hold job',
};
