import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { Placement } from '../../../domain/modules/hr-commission/hr-commission-views.schema';
import { ReferencePicker } from '../../components/resource/lookup';
import { errorText, issueText } from '../../i18n/error-text';
import { http, toHttpError } from '../../providers/http';
import { toast } from '../../toast';

type Row = { userId: string | null; percent: string };

/**
 * How a placement is split between recruiters (admin and hr_lead): each recruiter with a per cent,
 * or none for an equal part of what the others leave; the shares total exactly 100 % — the server
 * says which share is wrong. Saving with no share goes back to the recruiter of record.
 */
export function SplitDialog({ placement, onClose, onSaved }: { placement: Placement; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['hr-commissions', 'errors', 'validation']);
  const [rows, setRows] = useState<Row[]>(
    placement.shares.map((s) => ({ userId: s.user.id, percent: placement.splitSet ? (s.percent ?? '') : '' })),
  );
  const [issues, setIssues] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async () =>
      (
        await http.put<Placement>(`/api/v1/hr-commission/placements/${placement.id}/splits`, {
          shares: rows.filter((r) => r.userId).map((r) => ({ userId: r.userId, percent: r.percent.trim() || null })),
        })
      ).data,
    onSuccess: () => {
      toast.success(t('hr-commissions:split.saved'));
      onSaved();
    },
    onError: (e) => {
      const found = (toHttpError(e).issues ?? {}) as Record<string, { code: string; params?: Record<string, string> }>;
      setIssues(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, issueText(t, v)])));
      toast.error(errorText(t, e));
    },
  });
  const set = (i: number, change: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="split-title">
      <DialogTitle id="split-title">{t('hr-commissions:split.title', { placement: placement.label })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('hr-commissions:split.intro')}
        </Typography>
        {issues.shares && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="split-error">
            {issues.shares}
          </Alert>
        )}
        <Stack spacing={2}>
          {rows.map((r, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
              <ReferencePicker
                resource="users"
                where={{ role: ['hr', 'hr_lead', 'admin'] }}
                label={t('hr-commissions:split.recruiter', { n: i + 1 })}
                value={r.userId}
                onChange={(id) => set(i, { userId: id })}
                exclude={rows.flatMap((o, j) => (j !== i && o.userId ? [o.userId] : []))}
                error={!!issues[`shares.${i}.userId`]}
                helperText={issues[`shares.${i}.userId`]}
                size="small"
              />
              <TextField
                size="small"
                label={t('hr-commissions:split.percent')}
                placeholder={t('hr-commissions:split.equal')}
                value={r.percent}
                onChange={(e) => set(i, { percent: e.target.value })}
                error={!!issues[`shares.${i}.percent`]}
                helperText={issues[`shares.${i}.percent`]}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `split-percent-${i}` } }}
                sx={{ width: { sm: 140 } }}
              />
              <IconButton
                aria-label={t('hr-commissions:split.remove', { n: i + 1 })}
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Button sx={{ mt: 2 }} onClick={() => setRows((rs) => [...rs, { userId: null, percent: '' }])} data-testid="split-add">
          {t('hr-commissions:split.add')}
        </Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('hr-commissions:split.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()} data-testid="split-save">
          {t('hr-commissions:split.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
