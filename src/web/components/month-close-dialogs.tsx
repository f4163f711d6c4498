import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MONTH_PATTERN } from '../../domain/months';
import { errorText } from '../i18n/error-text';
import { useFormatters } from '../i18n/format';
import { http } from '../providers/http';
import { toast } from '../toast';
import { MonthField } from './form/month-field';
import { closeReadiness, confirmationOf, MonthChecklistView, useMonthChecklist } from './month-close-checklist';

// The month close's dialogs, shared by its page and the logwork page (one close, admin's).

/** The month just ended, `YYYY-MM`: the one usually closed. */
function lastMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** "October 2026" in the reader's language. */
export function useMonthName() {
  const fmt = useFormatters();
  return (month: string) => fmt.month(month, 'long');
}

/**
 * Close a month: which, an optional note, its checklist of unfinished work (drafts refuse the close,
 * other open items are ticked to confirm their counts), and what it makes read-only.
 */
export function CloseDialog({
  month: initial,
  onClose,
  onDone,
}: {
  /** The month proposed; the one just ended when absent. */
  month?: string;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['month-close', 'common', 'errors', 'validation']);
  const monthName = useMonthName();
  const [month, setMonth] = useState(initial ?? lastMonth);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const valid = MONTH_PATTERN.test(month);
  const checklist = useMonthChecklist(month, valid);
  const [confirmed, setConfirmed] = useState(false);
  const { blocked, open } = closeReadiness(checklist.data);
  const ready = valid && !!checklist.data && !blocked && (!open || confirmed);
  const close = useMutation({
    mutationFn: () =>
      http.put(`/api/v1/month-closes/${month}`, {
        note: note.trim() || null,
        confirm: checklist.data ? confirmationOf(checklist.data) : {},
      }),
    onSuccess: async () => {
      toast.success(t('month-close:closedOk', { month: monthName(month) }));
      await onDone();
      onClose();
    },
    onError: (e) => {
      setError(errorText(t, e));
      // The month moved since its checklist was read: read it again.
      void checklist.refetch();
      setConfirmed(false);
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="close-month-title" fullWidth maxWidth="sm">
      <DialogTitle id="close-month-title">{t('month-close:closeTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <MonthField
            label={t('month-close:month')}
            value={month}
            onChange={(next) => {
              setMonth(next);
              setConfirmed(false);
              setError('');
            }}
            required
            testId="close-month-input"
          />
          <TextField label={t('month-close:note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
          {valid && (
            <MonthChecklistView month={month} query={checklist} confirmed={confirmed} onConfirm={setConfirmed} onNavigate={onClose} />
          )}
          {valid && (
            <DialogContentText data-testid="close-month-warning">
              {t('month-close:closeWarning', { month: monthName(month) })}
            </DialogContentText>
          )}
          {!!error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          disabled={!ready}
          loading={close.isPending}
          onClick={() => close.mutate()}
          data-testid="close-month-confirm"
        >
          {t('month-close:closeConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Reopen a month: the reason is required (it is audited). */
export function ReopenDialog({ month, onClose, onDone }: { month: string; onClose: () => void; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation(['month-close', 'common', 'errors', 'validation']);
  const monthName = useMonthName();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState('');
  const missing = !note.trim();
  const reopen = useMutation({
    mutationFn: () => http.post(`/api/v1/month-closes/${month}/reopen`, { note: note.trim() }),
    onSuccess: async () => {
      toast.success(t('month-close:reopenedOk', { month: monthName(month) }));
      await onDone();
      onClose();
    },
    onError: (e) => setError(errorText(t, e)),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="reopen-month-title" fullWidth maxWidth="xs">
      <DialogTitle id="reopen-month-title">{t('month-close:reopenTitle', { month: monthName(month) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('month-close:reopenWarning')}</DialogContentText>
          <TextField
            label={t('month-close:reason')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing}
            helperText={touched && missing ? t('validation:required') : undefined}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'reopen-note' } }}
          />
          {!!error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          loading={reopen.isPending}
          onClick={() => (missing ? setTouched(true) : reopen.mutate())}
          data-testid="reopen-confirm"
        >
          {t('month-close:reopenConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
