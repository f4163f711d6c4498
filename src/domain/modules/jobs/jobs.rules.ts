import { PRIVILEGED_ROLES, type Role } from '../../auth/permissions.js';
import { PIPELINE_STAGE_VALUES, type PipelineStage } from './jobs.schema.js';

/** Stages a candidate leaves the pipeline by: only a lead reopens them (a mistaken click, a re-hire). */
export const FINAL_STAGES: readonly PipelineStage[] = ['hired', 'rejected', 'withdrawn'];

/** Statuses in which nobody is hired: the customer has stopped or paused the search. */
export const NO_HIRE_STATUSES: readonly string[] = ['closed', 'on_hold'];

/**
 * Why a move is refused, as an issue code, or undefined when it may go ahead. Forward and back
 * between open stages is anyone's who may move (a customer asks to see someone again);
 * hiring takes an opening, so it needs one left, in a job still looking.
 */
export function stageMoveRefusal(
  from: PipelineStage,
  to: PipelineStage,
  role: Role,
  job: { openings: number; filled: number; status?: string },
): string | undefined {
  if (from === to) return 'stage_unchanged';
  if (FINAL_STAGES.includes(from) && !PRIVILEGED_ROLES.includes(role)) return 'stage_final';
  if (to === 'hired' && job.status !== undefined && NO_HIRE_STATUSES.includes(job.status)) return 'job_closed';
  if (to === 'hired' && job.filled >= job.openings) return 'no_opening_left';
  return undefined;
}

/** `open` and `filled` are counted, not chosen: they follow the openings and the hires. */
const statusOfCounts = (openings: number, filled: number) => (filled >= openings ? 'filled' : 'open');

/**
 * A job written through its form or the API: fewer openings than hires is refused
 * (`openings_below_hires`); a status of `open` or `filled` is the one the counts give, so a filled
 * job given another opening is open again and one whose openings fall to its hires is filled.
 * `on_hold` and `closed` are the owner's choice and stay as asked.
 */
export function jobWrite(
  next: { openings: number; status: string },
  filled: number,
): { refusal: 'openings_below_hires'; hires: number } | { status: string } {
  if (next.openings < filled) return { refusal: 'openings_below_hires', hires: filled };
  if (next.status === 'open' || next.status === 'filled') return { status: statusOfCounts(next.openings, filled) };
  return { status: next.status };
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
  // A move that hires nobody leaves the status as it is (an on-hold job stays on hold).
  if (filled === job.filled) return { filled, status: job.status };
  const status = job.status === 'open' || job.status === 'filled' ? statusOfCounts(job.openings, filled) : job.status;
  return { filled, status };
}

/**
 * The stage a move is most likely to: the next one on the way to a hire (screening after sourced);
 * from a final stage, the start again.
 */
export function nextStage(stage: PipelineStage): PipelineStage {
  if (FINAL_STAGES.includes(stage)) return 'sourced';
  return PIPELINE_STAGE_VALUES[PIPELINE_STAGE_VALUES.indexOf(stage) + 1]!;
}
