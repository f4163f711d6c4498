import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JobCandidate, PipelineStage } from '../../../domain/modules/jobs/jobs.schema';
import { can } from '../../../domain/resources';
import { ErrorState } from '../../components/error-state';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { useUrlState } from '../../components/url-state';
import { useAuthContext } from '../../providers/auth-context';
import { PipelineAddBar } from './pipeline-add-bar';
import { PipelineBoard } from './pipeline-board';
import { PipelineHistoryDialog } from './pipeline-history-dialog';
import { PipelineMoveDialog } from './pipeline-move-dialog';
import { PipelineSummary } from './pipeline-summary';
import { PipelineTable } from './pipeline-table';
import { PipelineViewToggle, type PipelineView } from './pipeline-view-toggle';
import { useCandidateAdding } from './use-candidate-adding';
import { useCandidateRemoval } from './use-candidate-removal';
import { useJobPipeline } from './use-job-pipeline';

/** A job's pipeline: openings filled, candidates by stage, add one, move one with a note, its CV and its history. */
export function JobPipeline({ id }: { id: string }) {
  const { t } = useTranslation();
  const { role } = useAuthContext();
  const { job, pipeline, rows, refresh } = useJobPipeline(id);
  const mayMove = can(role, 'jobs', 'move');
  const mayPlace = can(role, 'headcounts', 'create');
  const adding = useCandidateAdding(id, refresh);
  const { removing, setRemoving, remove } = useCandidateRemoval(id, refresh);
  const [moving, setMoving] = useState<{ row: JobCandidate; to?: PipelineStage }>();
  const [history, setHistory] = useState<JobCandidate>();
  // The view is in the address: a reload, or a link, opens the board again.
  const urlState = useUrlState();
  const view = urlState.get<PipelineView>('view', 'table', (v) => v === 'board');
  const setView = (v: PipelineView) => urlState.set({ view: v === 'table' ? null : v });

  if (pipeline.isError) return <ErrorState error={pipeline.error} onRetry={() => void pipeline.refetch()} />;

  return (
    <Stack spacing={3} data-testid="job-pipeline">
      <PipelineSummary job={job} rows={rows} pending={pipeline.isPending} />
      {mayMove && (
        <PipelineAddBar
          picked={adding.picked}
          onPick={adding.setPicked}
          exclude={rows.map((r) => r.candidateId)}
          source={adding.source}
          adding={adding.add.isPending}
          onAdd={(candidateId) => adding.add.mutate(candidateId)}
        />
      )}
      <PipelineViewToggle view={view} onChange={setView} />

      {pipeline.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('jobs:pipeline.empty')}</Typography>
      ) : view === 'board' ? (
        <PipelineBoard rows={rows} mayMove={mayMove} onMove={(row, to) => setMoving({ row, to })} />
      ) : (
        <PipelineTable
          jobId={id}
          job={job}
          rows={rows}
          mayMove={mayMove}
          mayPlace={mayPlace}
          onChanged={refresh}
          onMove={(row) => setMoving({ row })}
          onHistory={setHistory}
          onRemove={setRemoving}
        />
      )}

      {moving && <PipelineMoveDialog jobId={id} row={moving.row} to={moving.to} onClose={() => setMoving(undefined)} onMoved={refresh} />}
      {history && <PipelineHistoryDialog jobId={id} row={history} onClose={() => setHistory(undefined)} />}
      <ConfirmDialog
        open={!!removing}
        title={t('jobs:pipeline.removeTitle')}
        message={t('jobs:pipeline.removeMessage', { name: removing?.candidateName ?? '' })}
        confirmText={t('jobs:pipeline.remove')}
        pending={remove.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => removing && remove.mutate(removing)}
        testId="pipeline-confirm-remove"
      />
    </Stack>
  );
}
