import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../http/access.js';
import { forbidden, notFound } from '../../http/errors.js';
import { assertCurrent, rowVersion } from '../../http/precondition.js';
import { auditTrail, writeAudit } from '../audit/audit.service.js';
import { candidates } from '../candidates/candidates.table.js';
import type { JobRow } from './jobs.notify.js';
import { jobCandidates, jobs } from './jobs.table.js';

// A pipeline entry (a candidate in a job): how the routes find it and its job, version it, guard
// changes to it and audit them. The reads, the moves and the CV slot share these.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
export const candidateParams = z.object({ id: z.uuid({ message: 'invalid_id' }), candidateId: z.uuid({ message: 'invalid_id' }) });
export type CandidateParams = z.infer<typeof candidateParams>;

/** The pipeline's routes: its tag, the job's pipeline and one entry of it. */
export const pipelineRoutes = { tags: ['jobs'], base: '/jobs/:id/candidates', one: '/jobs/:id/candidates/:candidateId' };

export const pipelineAccess = { resource: 'jobs', action: 'pipeline' } as const;
export const moveAccess = { resource: 'jobs', action: 'move' } as const;

/** Pipeline rows with what the list shows of each candidate. */
export const rowColumns = {
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
export const entryVersion = (row: { id: string; stage: string; updatedAt: string }) =>
  rowVersion({ id: row.id, stage: row.stage, updatedAt: row.updatedAt });
export const withVersion = <T extends { id: string; stage: string; updatedAt: string }>(row: T) => ({ ...row, version: entryVersion(row) });

/** The live job, locked when the caller writes; 404 when missing or archived. */
export async function jobOf(db: Db | Tx, id: string, lock = false): Promise<JobRow> {
  const q = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), isNull(jobs.archivedAt)));
  const [job] = lock ? await q.for('update') : await q;
  if (!job) throw notFound('Job');
  return job;
}

/** Sales change the pipelines of the jobs they own; recruiters and leads any. */
export function assertMayMove(user: CurrentUser, job: JobRow) {
  if (user.role === 'sale' && job.ownerSaleId !== user.id)
    throw forbidden('You can change only the pipelines of the jobs you own', 'not_owner');
}

export async function liveRow(db: Db | Tx, p: CandidateParams, lock = false) {
  const q = db
    .select()
    .from(jobCandidates)
    .where(and(eq(jobCandidates.jobId, p.id), eq(jobCandidates.candidateId, p.candidateId), isNull(jobCandidates.archivedAt)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Job candidate');
  return row;
}

export async function pipelineRow(db: Db | Tx, id: string) {
  const [row] = await db
    .select(rowColumns)
    .from(jobCandidates)
    .leftJoin(candidates, eq(candidates.id, jobCandidates.candidateId))
    .where(eq(jobCandidates.id, id));
  return withVersion(row!);
}

/** A change to an entry the caller saw at another version (its row's `version`) is refused, as a move is. */
export const assertEntryCurrent = (db: Db | Tx, req: FastifyRequest, row: { id: string; stage: string; updatedAt: string }) =>
  assertCurrent(auditTrail, db, req, {
    entity: 'jobs',
    auditId: (req.params as CandidateParams).id,
    label: 'Job candidate',
    row: { id: row.id, stage: row.stage, updatedAt: row.updatedAt },
    current: () => pipelineRow(db, row.id),
  });

/** A pipeline change is audited as a change of its job. */
export const auditPipeline = (tx: Tx, req: FastifyRequest, jobId: string, before: unknown, after: unknown) =>
  writeAudit(tx as unknown as Db, {
    actorId: req.user!.id,
    entity: 'jobs',
    entityId: jobId,
    action: 'updated',
    before: before as Record<string, unknown>,
    after: after as Record<string, unknown>,
    requestId: req.id,
  });
