import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import HistoryIcon from '@mui/icons-material/History';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { Job, JobCandidate } from '../../../domain/modules/jobs/jobs.schema';
import { headcountDraft } from './headcount-draft';

/** What can be done to one entry of the table: propose a headcount (a hire), move, see its history, remove. */
export function PipelineRowActions({
  jobId,
  job,
  row,
  mayMove,
  mayPlace,
  onMove,
  onHistory,
  onRemove,
}: {
  jobId: string;
  job: Job | undefined;
  row: JobCandidate;
  mayMove: boolean;
  mayPlace: boolean;
  onMove: (row: JobCandidate) => void;
  onHistory: (row: JobCandidate) => void;
  onRemove: (row: JobCandidate) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {row.stage === 'hired' && job && mayPlace && (
        <Tooltip title={t('jobs:pipeline.proposeHeadcount')}>
          <IconButton
            component={RouterLink}
            to={headcountDraft(job, jobId)}
            aria-label={`${t('jobs:pipeline.proposeHeadcount')}: ${row.candidateName}`}
          >
            <BadgeIcon />
          </IconButton>
        </Tooltip>
      )}
      {mayMove && (
        <Tooltip title={t('jobs:pipeline.move')}>
          <IconButton aria-label={`${t('jobs:pipeline.move')}: ${row.candidateName}`} onClick={() => onMove(row)}>
            <SwapHorizIcon />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('jobs:pipeline.history')}>
        <IconButton aria-label={`${t('jobs:pipeline.history')}: ${row.candidateName}`} onClick={() => onHistory(row)}>
          <HistoryIcon />
        </IconButton>
      </Tooltip>
      {mayMove && (
        <Tooltip title={t('jobs:pipeline.remove')}>
          <IconButton color="error" aria-label={`${t('jobs:pipeline.remove')}: ${row.candidateName}`} onClick={() => onRemove(row)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
}
