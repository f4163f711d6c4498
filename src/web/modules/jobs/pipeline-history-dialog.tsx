import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import type { JobCandidate, JobCandidateEvent, PipelineStage } from '../../../domain/modules/jobs/jobs.schema';
import { ErrorState } from '../../components/error-state';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';

/** One candidate's way through this job's pipeline: each step, when, by whom, and its note. */
export function PipelineHistoryDialog({ jobId, row, onClose }: { jobId: string; row: JobCandidate; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const events = useQuery({
    queryKey: ['jobs', jobId, 'candidates', row.candidateId, 'history'],
    queryFn: async () => (await http.get<JobCandidateEvent[]>(`/api/v1/jobs/${jobId}/candidates/${row.candidateId}/history`)).data,
  });
  const stage = (s: PipelineStage | null) => (s ? t(`jobs:stages.${s}`) : '—');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pipeline-history-title">
      <DialogTitle id="pipeline-history-title">{t('jobs:pipeline.historyTitle', { name: row.candidateName })}</DialogTitle>
      <DialogContent>
        {events.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : events.isError ? (
          <ErrorState error={events.error} onRetry={() => void events.refetch()} />
        ) : (
          <List dense>
            {events.data.map((e) => (
              <ListItem key={e.id} divider>
                <ListItemText
                  primary={
                    e.fromStage === null
                      ? t('jobs:pipeline.eventAdded', { to: stage(e.toStage) })
                      : e.toStage === null
                        ? t('jobs:pipeline.eventRemoved', { from: stage(e.fromStage) })
                        : t('jobs:pipeline.eventMoved', { from: stage(e.fromStage), to: stage(e.toStage) })
                  }
                  secondary={
                    <>
                      {`${fmt.dateTime(e.createdAt)} · ${e.byUserName ?? '—'}`}
                      {e.note && (
                        <Box component="span" dir="auto" sx={{ display: 'block' }}>
                          {e.note}
                        </Box>
                      )}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('jobs:pipeline.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
