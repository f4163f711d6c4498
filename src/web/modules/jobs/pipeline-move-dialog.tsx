import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PIPELINE_STAGE_VALUES, type JobCandidate, type PipelineStage } from '../../../domain/modules/jobs/jobs.schema';
import { nextStage } from '../../../domain/modules/jobs/jobs.rules';
import { errorText } from '../../i18n/error-text';
import { http, toHttpError } from '../../providers/http';
import { toast } from '../../toast';

/** The stage change asks where to and why; the server's refusal (a final stage, no opening left) shows in place. */
export function PipelineMoveDialog({
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
