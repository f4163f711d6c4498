import { useState } from 'react';
import { useUrlState } from '../../components/url-state';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useInvalidate, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import HistoryIcon from '@mui/icons-material/History';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  PIPELINE_STAGE_VALUES,
  type Job,
  type JobCandidate,
  type JobCandidateEvent,
  type PipelineCandidateOption,
  type PipelineStage,
} from '../../../domain/modules/jobs/jobs.schema';
import { nextStage } from '../../../domain/modules/jobs/jobs.rules';
import { candidatesResource } from '../../../domain/modules/candidates/candidates.resource';
import { can } from '../../../domain/resources';
import { ErrorState } from '../../components/error-state';
import { ScrollCue } from '../../components/scroll-cue';
import { FileSlot } from '../../components/file-slot';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { ReferencePicker, type LookupRow } from '../../components/resource/lookup';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { http, toHttpError } from '../../providers/http';
import { toast } from '../../toast';

const STAGE_COLORS: Record<PipelineStage, 'default' | 'info' | 'primary' | 'secondary' | 'warning' | 'success' | 'error'> = {
  sourced: 'default',
  screening: 'info',
  submitted: 'primary',
  interview: 'secondary',
  offered: 'warning',
  hired: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/** A job's pipeline: openings filled, candidates by stage, add one, move one with a note, its CV and its history. */
export function JobPipeline({ id }: { id: string }) {
  const { t } = useTranslation();
  const { role } = useAuthContext();
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const { query: jobQuery } = useOne<Job>({ resource: 'jobs', id, errorNotification: false });
  const job = jobQuery.data?.data;
  const key = ['jobs', id, 'candidates'];
  const pipeline = useQuery({
    queryKey: key,
    queryFn: async () => (await http.get<JobCandidate[]>(`/api/v1/jobs/${id}/candidates`)).data,
  });
  const mayMove = can(role, 'jobs', 'move');
  const mayPlace = can(role, 'headcounts', 'create');
  const [picked, setPicked] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ row: JobCandidate; to?: PipelineStage }>();
  const urlState = useUrlState();
  const view = urlState.get<'table' | 'board'>('view', 'table', (v) => v === 'board');
  const setView = (v: 'table' | 'board') => urlState.set({ view: v === 'table' ? null : v });
  const [removing, setRemoving] = useState<JobCandidate>();
  const [history, setHistory] = useState<JobCandidate>();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: key });
    // Hires change the job's filled count and status.
    await invalidate({ resource: 'jobs', id, invalidates: ['detail', 'list'] });
  };

  // Only candidates not yet in the pipeline, searched by the server (under `key`, so a refresh renews it).
  const candidateSearch = {
    key: [...key, 'search'],
    search: async (q: string | undefined) =>
      (await http.get<PipelineCandidateOption[]>(`/api/v1/jobs/${id}/candidates/search`, { params: { q, limit: 20 } })).data.map(
        (c): LookupRow => ({ id: c.id, label: c.label, detail: [c.email, c.phone].filter(Boolean).join(' · ') }),
      ),
  };

  const add = useMutation({
    mutationFn: async (candidateId: string) => (await http.post(`/api/v1/jobs/${id}/candidates`, { candidateId })).data,
    onSuccess: async () => {
      setPicked(null);
      toast.success(t('jobs:pipeline.addedOk'));
      await refresh();
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  const remove = useMutation({
    mutationFn: async (row: JobCandidate) => (await http.delete(`/api/v1/jobs/${id}/candidates/${row.candidateId}`)).data,
    onSuccess: async () => {
      toast.success(t('jobs:pipeline.removedOk'));
      await refresh();
    },
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => setRemoving(undefined),
  });

  if (pipeline.isError) return <ErrorState error={pipeline.error} onRetry={() => void pipeline.refetch()} />;
  const rows = [...(pipeline.data ?? [])].sort(
    (a, b) =>
      PIPELINE_STAGE_VALUES.indexOf(a.stage) - PIPELINE_STAGE_VALUES.indexOf(b.stage) || a.candidateName.localeCompare(b.candidateName),
  );
  const counts = new Map(PIPELINE_STAGE_VALUES.map((s) => [s, rows.filter((r) => r.stage === s).length]));

  return (
    <Stack spacing={3} data-testid="job-pipeline">
      <Card sx={{ p: 3 }}>
        {job ? (
          <Box>
            <Typography variant="subtitle2" sx={{ color: 'text.secondary' }}>
              {t('jobs:pipeline.openings')}
            </Typography>
            <Typography variant="h5" data-testid="job-openings">
              {t('jobs:pipeline.filledOf', { filled: job.filled, openings: job.openings })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (100 * job.filled) / Math.max(1, job.openings))}
              aria-label={t('jobs:pipeline.openings')}
              sx={{ mt: 1, height: 8, borderRadius: 1 }}
            />
          </Box>
        ) : (
          <Skeleton height={60} />
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {PIPELINE_STAGE_VALUES.map((s) =>
            // While the pipeline loads its counts are unknown, not zero.
            pipeline.isPending ? (
              <Skeleton key={s} variant="rounded" width={96} height={24} data-testid="pipeline-count-loading" />
            ) : (
              <Chip
                key={s}
                size="small"
                color={STAGE_COLORS[s]}
                variant="outlined"
                label={`${t(`jobs:stages.${s}`)} · ${counts.get(s) ?? 0}`}
              />
            ),
          )}
        </Stack>
      </Card>

      {mayMove && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <ReferencePicker
              resource="candidates"
              label={t('jobs:pipeline.addCandidate')}
              value={picked}
              onChange={setPicked}
              exclude={rows.map((r) => r.candidateId)}
              source={candidateSearch}
              size="small"
            />
          </Box>
          <Button variant="contained" disabled={!picked} loading={add.isPending} onClick={() => picked && add.mutate(picked)}>
            {t('jobs:pipeline.add')}
          </Button>
        </Stack>
      )}

      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_, v: 'table' | 'board' | null) => v && setView(v)}
        aria-label={t('jobs:pipeline.view')}
        sx={{ alignSelf: 'flex-start' }}
      >
        <ToggleButton value="table" data-testid="pipeline-view-table">
          {t('jobs:pipeline.table')}
        </ToggleButton>
        <ToggleButton value="board" data-testid="pipeline-view-board">
          {t('jobs:pipeline.board')}
        </ToggleButton>
      </ToggleButtonGroup>

      {pipeline.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('jobs:pipeline.empty')}</Typography>
      ) : view === 'board' ? (
        <Board rows={rows} mayMove={mayMove} onMove={(row, to) => setMoving({ row, to })} />
      ) : (
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
                    <CvCell jobId={id} row={row} mayEdit={mayMove} onChanged={refresh} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.stage === 'hired' && job && mayPlace && (
                      <Tooltip title={t('jobs:pipeline.proposeHeadcount')}>
                        <IconButton
                          component={RouterLink}
                          to={headcountDraft(job, id)}
                          aria-label={`${t('jobs:pipeline.proposeHeadcount')}: ${row.candidateName}`}
                        >
                          <BadgeIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                    {mayMove && (
                      <Tooltip title={t('jobs:pipeline.move')}>
                        <IconButton aria-label={`${t('jobs:pipeline.move')}: ${row.candidateName}`} onClick={() => setMoving({ row })}>
                          <SwapHorizIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title={t('jobs:pipeline.history')}>
                      <IconButton aria-label={`${t('jobs:pipeline.history')}: ${row.candidateName}`} onClick={() => setHistory(row)}>
                        <HistoryIcon />
                      </IconButton>
                    </Tooltip>
                    {mayMove && (
                      <Tooltip title={t('jobs:pipeline.remove')}>
                        <IconButton
                          color="error"
                          aria-label={`${t('jobs:pipeline.remove')}: ${row.candidateName}`}
                          onClick={() => setRemoving(row)}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}

      {moving && <MoveDialog jobId={id} row={moving.row} to={moving.to} onClose={() => setMoving(undefined)} onMoved={refresh} />}
      {history && <HistoryDialog jobId={id} row={history} onClose={() => setHistory(undefined)} />}
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

/** A hire proposes a headcount: the seat's form opened with what the job already says. */
function headcountDraft(job: Job, id: string): string {
  const q = new URLSearchParams({
    title: job.title,
    customerId: job.customerId,
    jobId: id,
    currency: job.currency,
    returnTo: `/jobs/${id}`,
  });
  if (job.projectId) q.set('projectId', job.projectId);
  if (job.ownerSaleId) q.set('saleId', job.ownerSaleId);
  if (job.billRate !== null) q.set('billingRate', String(job.billRate));
  return `/headcounts/new?${q.toString()}`;
}

/**
 * The pipeline as columns by stage. A card dragged to another column opens the stage change for
 * it (the note is still asked for); without a pointer, each card's button opens the same dialog.
 */
function Board({
  rows,
  mayMove,
  onMove,
}: {
  rows: JobCandidate[];
  mayMove: boolean;
  onMove: (row: JobCandidate, to?: PipelineStage) => void;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState<PipelineStage>();
  return (
    <ScrollCue
      sx={{ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(132px, 1fr)', gap: 1, pb: 1 }}
      testId="pipeline-board"
    >
      {PIPELINE_STAGE_VALUES.map((stage) => {
        const cards = rows.filter((r) => r.stage === stage);
        const label = t(`jobs:stages.${stage}`);
        return (
          <Box
            key={stage}
            role="group"
            aria-label={`${label} (${cards.length})`}
            onDragOver={(e) => {
              if (!mayMove) return;
              e.preventDefault();
              setOver(stage);
            }}
            onDragLeave={() => setOver(undefined)}
            onDrop={(e) => {
              e.preventDefault();
              setOver(undefined);
              const row = rows.find((r) => r.candidateId === e.dataTransfer.getData('text/plain'));
              if (row && row.stage !== stage) onMove(row, stage);
            }}
            sx={{ p: 1, borderRadius: 1, bgcolor: over === stage ? 'action.selected' : 'action.hover', minHeight: 160 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Chip size="small" color={STAGE_COLORS[stage]} label={label} />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {cards.length}
              </Typography>
            </Stack>
            <Stack spacing={1}>
              {cards.map((row) => (
                <Card
                  key={row.id}
                  variant="outlined"
                  draggable={mayMove}
                  onDragStart={(e) => e.dataTransfer.setData('text/plain', row.candidateId)}
                  sx={{ p: 1, cursor: mayMove ? 'grab' : 'default' }}
                >
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
              ))}
            </Stack>
          </Box>
        );
      })}
    </ScrollCue>
  );
}

/** The stage change asks where to and why; the server's refusal (a final stage, no opening left) shows in place. */
function MoveDialog({
  jobId,
  row,
  to,
  onClose,
  onMoved,
}: {
  jobId: string;
  row: JobCandidate;
  to?: PipelineStage;
  onClose: () => void;
  onMoved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<PipelineStage>(to ?? nextStage(row.stage));
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const move = useMutation({
    mutationFn: async () =>
      (
        await http.patch(
          `/api/v1/jobs/${jobId}/candidates/${row.candidateId}/status`,
          { stage, ...(note.trim() ? { note: note.trim() } : {}) },
          // Moved from the stage this board shows: someone else's move since is refused and told.
          { headers: row.version ? { 'If-Match': row.version } : {} },
        )
      ).data,
    onMutate: () => setError(''),
    onSuccess: async () => {
      toast.success(t('jobs:pipeline.movedOk'));
      onClose();
      await onMoved();
    },
    onError: async (e) => {
      if (toHttpError(e).statusCode !== 412) return setError(errorText(t, e));
      toast.error(errorText(t, e));
      onClose();
      await onMoved();
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="pipeline-move-title">
      <DialogTitle id="pipeline-move-title">{t('jobs:pipeline.moveTitle', { name: row.candidateName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('jobs:pipeline.stage')}
            value={stage}
            onChange={(e) => setStage(e.target.value as PipelineStage)}
            helperText={t('jobs:pipeline.from', { stage: t(`jobs:stages.${row.stage}`) })}
          >
            {PIPELINE_STAGE_VALUES.filter((s) => s !== row.stage).map((s) => (
              <MenuItem key={s} value={s}>
                {t(`jobs:stages.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('jobs:pipeline.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000, dir: 'auto' } }}
          />
          {!!error && (
            <Typography role="alert" color="error" variant="body2">
              {error}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:buttons.cancel')}</Button>
        <Button variant="contained" loading={move.isPending} onClick={() => move.mutate()}>
          {t('jobs:pipeline.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function HistoryDialog({ jobId, row, onClose }: { jobId: string; row: JobCandidate; onClose: () => void }) {
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

/** The CV sent to this customer: the kit's file slot on one line, for the entry's version. */
function CvCell({
  jobId,
  row,
  mayEdit,
  onChanged,
}: {
  jobId: string;
  row: JobCandidate;
  mayEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <FileSlot
      variant="inline"
      url={`/api/v1/jobs/${jobId}/candidates/${row.candidateId}/cv`}
      file={row.cv}
      label={row.candidateName}
      types={candidatesResource.files.cv.types}
      mayEdit={mayEdit}
      version={() => row.version}
      onChanged={onChanged}
      testId={`pipeline-cv-${row.candidateId}`}
      texts={{
        none: t('jobs:pipeline.noCv'),
        upload: t('jobs:pipeline.uploadCv'),
        delete: t('jobs:pipeline.deleteCv'),
        deleteTitle: t('jobs:pipeline.deleteCv'),
        deleteMessage: t('jobs:pipeline.deleteCvMessage', { name: row.cv?.name ?? '' }),
        uploadedOk: t('jobs:pipeline.cvUploadedOk'),
      }}
    />
  );
}
