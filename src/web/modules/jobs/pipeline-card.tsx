import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { JobCandidate } from '../../../domain/modules/jobs/jobs.schema';
import type { CardDrag } from './use-board-drag';

/** One candidate on the board: their name (to their page), dragged to move, or moved by its button without a pointer. */
export function PipelineCard({
  row,
  mayMove,
  drag,
  onMove,
}: {
  row: JobCandidate;
  mayMove: boolean;
  drag: CardDrag;
  onMove: (row: JobCandidate) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" {...drag} sx={{ p: 1, cursor: mayMove ? 'grab' : 'default' }}>
      <Link
        component={RouterLink}
        to={`/candidates/${row.candidateId}`}
        dir="auto"
        variant="body2"
        sx={{ display: 'block', wordBreak: 'break-word' }}
      >
        {row.candidateName}
      </Link>
      {mayMove && (
        <Button
          size="small"
          startIcon={<SwapHorizIcon />}
          onClick={() => onMove(row)}
          aria-label={`${t('jobs:pipeline.move')}: ${row.candidateName}`}
        >
          {t('jobs:pipeline.move')}
        </Button>
      )}
    </Card>
  );
}
