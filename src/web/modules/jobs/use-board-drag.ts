import { useState, type DragEvent } from 'react';
import type { JobCandidate, PipelineStage } from '../../../domain/modules/jobs/jobs.schema';

/**
 * Dragging cards between the board's columns: the column a card is over (highlighted), and a drop
 * on another stage's column asks for that move (the dialog still asks for the note).
 */
export function useBoardDrag(rows: JobCandidate[], mayMove: boolean, onMove: (row: JobCandidate, to: PipelineStage) => void) {
  const [over, setOver] = useState<PipelineStage>();

  /** A column's drop target: it accepts a card only from who may move candidates. */
  const dropTarget = (stage: PipelineStage) => ({
    onDragOver: (e: DragEvent) => {
      if (!mayMove) return;
      e.preventDefault();
      setOver(stage);
    },
    onDragLeave: () => setOver(undefined),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(undefined);
      const row = rows.find((r) => r.candidateId === e.dataTransfer.getData('text/plain'));
      if (row && row.stage !== stage) onMove(row, stage);
    },
  });

  /** A card carries its candidate's id. */
  const dragSource = (row: JobCandidate) => ({
    draggable: mayMove,
    onDragStart: (e: DragEvent) => e.dataTransfer.setData('text/plain', row.candidateId),
  });

  return { over, dropTarget, dragSource };
}

export type BoardDrag = ReturnType<typeof useBoardDrag>;
export type CardDrag = ReturnType<BoardDrag['dragSource']>;
