import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JobCandidate, PipelineStage } from '../../../domain/modules/jobs/jobs.schema';
import { PipelineCard } from './pipeline-card';
import { STAGE_COLORS } from './pipeline-stages';
import type { BoardDrag } from './use-board-drag';

/** One stage of the board: its name and count over its cards, and a drop target for cards of other stages. */
export function PipelineColumn({
  stage,
  cards,
  mayMove,
  drag,
  onMove,
}: {
  stage: PipelineStage;
  cards: JobCandidate[];
  mayMove: boolean;
  drag: BoardDrag;
  onMove: (row: JobCandidate) => void;
}) {
  const { t } = useTranslation();
  const label = t(`jobs:stages.${stage}`);
  return (
    <Box
      role="group"
      aria-label={`${label} (${cards.length})`}
      {...drag.dropTarget(stage)}
      sx={{ p: 1, borderRadius: 1, bgcolor: drag.over === stage ? 'action.selected' : 'action.hover', minHeight: 160 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Chip size="small" color={STAGE_COLORS[stage]} label={label} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {cards.length}
        </Typography>
      </Stack>
      <Stack spacing={1}>
        {cards.map((row) => (
          <PipelineCard key={row.id} row={row} mayMove={mayMove} drag={drag.dragSource(row)} onMove={onMove} />
        ))}
      </Stack>
    </Box>
  );
}
