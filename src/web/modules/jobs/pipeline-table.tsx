import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Job, JobCandidate } from '../../../domain/modules/jobs/jobs.schema';
import { PipelineCvCell } from './pipeline-cv-cell';
import { PipelineRowActions } from './pipeline-row-actions';
import { STAGE_COLORS } from './pipeline-stages';

/** The pipeline as a table: each candidate's stage, the CV sent, and the entry's actions. */
export function PipelineTable({
  jobId,
  job,
  rows,
  mayMove,
  mayPlace,
  onChanged,
  onMove,
  onHistory,
  onRemove,
}: {
  jobId: string;
  job: Job | undefined;
  rows: JobCandidate[];
  mayMove: boolean;
  mayPlace: boolean;
  onChanged: () => Promise<void>;
  onMove: (row: JobCandidate) => void;
  onHistory: (row: JobCandidate) => void;
  onRemove: (row: JobCandidate) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('jobs:pipeline.tab')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('jobs:pipeline.candidate')}</TableCell>
            <TableCell>{t('jobs:pipeline.stage')}</TableCell>
            <TableCell>{t('jobs:pipeline.cv')}</TableCell>
            <TableCell align="right">{t('jobs:pipeline.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`pipeline-row-${row.candidateId}`}>
              <TableCell>
                <Link component={RouterLink} to={`/candidates/${row.candidateId}`} dir="auto">
                  {row.candidateName}
                </Link>
              </TableCell>
              <TableCell>
                <Chip size="small" color={STAGE_COLORS[row.stage]} label={t(`jobs:stages.${row.stage}`)} />
              </TableCell>
              <TableCell>
                <PipelineCvCell jobId={jobId} row={row} mayEdit={mayMove} onChanged={onChanged} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <PipelineRowActions
                  jobId={jobId}
                  job={job}
                  row={row}
                  mayMove={mayMove}
                  mayPlace={mayPlace}
                  onMove={onMove}
                  onHistory={onHistory}
                  onRemove={onRemove}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
