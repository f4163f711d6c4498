import { PIPELINE_STAGE_VALUES, type JobCandidate, type PipelineStage } from '../../../domain/modules/jobs/jobs.schema';

/** Each stage's chip colour, the same in the counts, the table and the board. */
export const STAGE_COLORS: Record<PipelineStage, 'default' | 'info' | 'primary' | 'secondary' | 'warning' | 'success' | 'error'> = {
  sourced: 'default',
  screening: 'info',
  submitted: 'primary',
  interview: 'secondary',
  offered: 'warning',
  hired: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/** The pipeline in stage order, then by name. */
export function sortByStage(rows: readonly JobCandidate[]): JobCandidate[] {
  return [...rows].sort(
    (a, b) =>
      PIPELINE_STAGE_VALUES.indexOf(a.stage) - PIPELINE_STAGE_VALUES.indexOf(b.stage) || a.candidateName.localeCompare(b.candidateName),
  );
}

/** How many candidates stand at each stage (every stage present, zero included). */
export function countByStage(rows: readonly JobCandidate[]): Map<PipelineStage, number> {
  return new Map(PIPELINE_STAGE_VALUES.map((s) => [s, rows.filter((r) => r.stage === s).length]));
}
