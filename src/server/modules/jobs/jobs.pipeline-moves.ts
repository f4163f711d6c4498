import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PRIVILEGED_ROLES } from '../../../domain/auth/permissions.js';
import { afterHire, stageMoveRefusal } from '../../../domain/modules/jobs/jobs.rules.js';
import {
  jobCandidateAddSchema,
  jobCandidateSchema,
  jobCandidateStatusSchema,
  type PipelineStage,
} from '../../../domain/modules/jobs/jobs.schema.js';
import type { Db } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import { conflict, pgError, unprocessable } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { candidates } from '../candidates/candidates.table.js';
import { notify, type NotifyInput } from '../notifications/notifications.service.js';
import { jobFollowers, notifyIn, type JobRow } from './jobs.notify.js';
import {
  assertEntryCurrent,
  assertMayMove,
  auditPipeline,
  candidateParams,
  idParams,
  jobOf,
  liveRow,
  moveAccess,
  pipelineRow,
  pipelineRoutes,
  type CandidateParams,
  type Tx,
} from './jobs.pipeline-entries.js';
import { jobCandidateEvents, jobCandidates, jobs } from './jobs.table.js';

// The pipeline's writes: a candidate added, taken out or moved to another stage, each with its
// event, its audit entry, the job's followers told, and a hire's effect on the job's openings.

const { tags, base, one } = pipelineRoutes;

/** Adding, taking out and moving candidates in a job's pipeline. */
export function registerPipelineMoves(app: Api, s: Services) {
  registerAdd(app, s);
  registerRemove(app, s);
  registerMove(app, s);
}

const tell = (s: Services, tx: Tx, job: JobRow, input: NotifyInput) => notify(notifyIn(s, tx as unknown as Db), jobFollowers(job), input);

/** A hire or its undoing changes the job's filled count, and its status when the last opening is taken or freed. */
async function applyHire(s: Services, tx: Tx, req: FastifyRequest, job: JobRow, from: PipelineStage | null, to: PipelineStage | null) {
  const next = afterHire(job, from, to);
  if (next.filled === job.filled && next.status === job.status) return;
  await tx
    .update(jobs)
    .set({ filled: next.filled, status: next.status, updatedAt: sql`now()` })
    .where(eq(jobs.id, job.id));
  await auditPipeline(tx, req, job.id, { filled: job.filled, status: job.status }, next);
  if (next.status !== job.status)
    await tell(s, tx, job, {
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

function registerAdd(app: Api, s: Services) {
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
          await auditPipeline(tx, req, id, { pipeline: null }, { pipeline: { candidateId, stage: 'sourced' } });
          await tell(s, tx, job, {
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
}

function registerRemove(app: Api, s: Services) {
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
        await auditPipeline(tx, req, p.id, { pipeline: { candidateId: p.candidateId, stage } }, { pipeline: null });
        await applyHire(s, tx, req, job, stage, null);
        const name = await candidateName(tx, p.candidateId);
        await tell(s, tx, job, {
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
}

function registerMove(app: Api, s: Services) {
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
        await auditPipeline(
          tx,
          req,
          p.id,
          { pipeline: { candidateId: p.candidateId, stage: from } },
          { pipeline: { candidateId: p.candidateId, stage: body.stage } },
        );
        const name = await candidateName(tx, p.candidateId);
        await tell(s, tx, job, {
          type: 'candidate_status_changed',
          title: 'Candidate moved',
          message: `${name} (${job.title}): ${from} → ${body.stage}`,
          params: { candidate: name, job: job.title, candidateId: p.candidateId, from, to: body.stage },
          jobId: p.id,
          changedByUserId: req.user!.id,
        });
        await applyHire(s, tx, req, job, from, body.stage);
        return pipelineRow(tx, row.id);
      });
      void reply.header('etag', moved.version);
      return moved;
    },
  );
}

const alreadyIn = () =>
  conflict('This candidate is already in the pipeline', 'already_in_pipeline', { candidateId: 'already_in_pipeline' });

const STAGE_REFUSALS: Record<string, string> = {
  stage_unchanged: 'The candidate is already at this stage',
  stage_final: 'Only a lead can move a candidate out of hired, rejected or withdrawn',
  no_opening_left: 'Every opening of this job is filled',
  job_closed: 'Nobody is hired into a closed or on-hold job',
};
