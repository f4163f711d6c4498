import { eq, sql } from 'drizzle-orm';
import { candidatesResource } from '../../../domain/modules/candidates/candidates.resource.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { registerFileSlot } from '../../http/resource/file-slot.js';
import {
  assertEntryCurrent,
  assertMayMove,
  auditPipeline,
  candidateParams,
  entryVersion,
  jobOf,
  liveRow,
  moveAccess,
  pipelineAccess,
  pipelineRoutes,
  type CandidateParams,
} from './jobs.pipeline-entries.js';
import { jobCandidates } from './jobs.table.js';

const { tags, one } = pipelineRoutes;

/** The CV sent to the customer for a candidate in a job: read, replaced and removed as a file slot. */
export function registerPipelineCv(app: Api, s: Services) {
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
          await auditPipeline(
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
