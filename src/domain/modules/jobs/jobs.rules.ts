import { PRIVILEGED_ROLES, type Role } from '../../auth/permissions.js';
import type { PipelineStage } from './jobs.schema.js';

/** Stages a candidate leaves the pipeline by: only a lead reopens them (a mistaken click, a re-hire). */
export const FINAL_STAGES: readonly PipelineStage[] = ['hired', 'rejected', 'withdrawn'];

/**
 * Why a move is refused, as an issue code, or undefined when it may go ahead. Forward and back
 * between open stages is anyone's who may move (a customer asks to see someone again);
 * hiring takes an opening, so it needs one left.
 */
export function stageMoveRefusal(
  from: PipelineStage,
  to: PipelineStage,
  role: Role,
  job: { openings: number; filled: number },
): string | undefined {
  if (from === to) return 'stage_unchanged';
  if (FINAL_STAGES.includes(from) && !PRIVILEGED_ROLES.includes(role)) return 'stage_final';
  if (to === 'hired' && job.filled >= job.openings) return 'no_opening_left';
  return undefined;
}

/** The job's filled count and status after a move into or out of hired. */
export function afterHire(
  job: { openings: number; filled: number; status: string },
  from: PipelineStage | null,
  to: PipelineStage | null,
): { filled: number; status: string } {
  let filled = job.filled;
  if (to === 'hired' && from !== 'hired') filled += 1;
  if (from === 'hired' && to !== 'hired') filled = Math.max(0, filled - 1);
  let status = job.status;
  if (filled >= job.openings && status !== 'closed') status = 'filled';
  else if (filled < job.openings && status === 'filled') status = 'open';
  return { filled, status };
}
