import { PIPELINE_STAGE_VALUES, type JobCandidate, type PipelineStage } from '../../../domain/modules/jobs/jobs.schema';
import { ScrollCue } from '../../components/scroll-cue';
import { PipelineColumn } from './pipeline-column';
import { useBoardDrag } from './use-board-drag';

/**
 * The pipeline as columns by stage. A card dragged to another column opens the stage change for
 * it (the note is still asked for); without a pointer, each card's button opens the same dialog.
 */
export function PipelineBoard({
  rows,
  mayMove,
  onMove,
}: {
  rows: JobCandidate[];
  mayMove: boolean;
  onMove: (row: JobCandidate, to?: PipelineStage) => void;
}) {
  const drag = useBoardDrag(rows, mayMove, onMove);
  return (
    <ScrollCue
      sx={{ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(132px, 1fr)', gap: 1, pb: 1 }}
      testId="pipeline-board"
    >
      {PIPELINE_STAGE_VALUES.map((stage) => (
        <PipelineColumn
          key={stage}
          stage={stage}
          cards={rows.filter((r) => r.stage === stage)}
          mayMove={mayMove}
          drag={drag}
          onMove={onMove}
        />
      ))}
    </ScrollCue>
  );
}
