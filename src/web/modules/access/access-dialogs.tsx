import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCESS_NOTE_MAX, type AccessCell } from '../../../domain/modules/access/access.schema';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http, toHttpError } from '../../providers/http';
import { toast } from '../../toast';
import { actionWords, resourceName } from './access-labels';

export type CellTarget = { resource: string; action: string; requires: string[]; cell: AccessCell };

/** What the server answered when a change needs another: the actions it names, and which way. */
type Needs = { code: 'access_requires' | 'access_required_by'; actions: string[] };

/**
 * One cell's change: allowed or not, with the reason (required). A change that needs another
 * (a write needs its reads) is refused by the server naming it; the dialog then offers to make
 * both at once.
 */
export function ChangeDialog({ target, onClose, onDone }: { target: CellTarget | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const client = useQueryClient();
  const [allowed, setAllowed] = useState(true);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [needs, setNeeds] = useState<Needs | null>(null);
  useEffect(() => {
    if (!target) return;
    setAllowed(!target.cell.allowed);
    setNote('');
    setTouched(false);
    setNeeds(null);
  }, [target]);

  const save = useMutation({
    mutationFn: async (together: boolean) => {
      const { cell, resource, action } = target!;
      return (
        await http.put<AccessCell>(
          `/api/v1/access/${cell.role}/${resource}/${action}`,
          { allowed, note: note.trim(), together },
          { headers: { 'If-Match': cell.version } },
        )
      ).data;
    },
    onSuccess: () => {
      toast.success(t('access:saved'));
      void client.invalidateQueries({ queryKey: ['access'] });
      onClose();
      onDone();
    },
    onError: (e) => {
      const err = toHttpError(e);
      const actions = (err.details?.actions as string[] | undefined) ?? [];
      if (err.code === 'access_requires' || err.code === 'access_required_by') return setNeeds({ code: err.code, actions });
      toast.error(errorText(t, e));
      // Changed by someone else meanwhile: the matrix is read again, the dialog closes on the new value.
      if (err.statusCode === 412) {
        void client.invalidateQueries({ queryKey: ['access'] });
        onClose();
      }
    },
  });

  if (!target) return null;
  const { cell } = target;
  const label = (action: string) => actionWords(t, target.resource, action).label;
  const value = (v: boolean) => t(v ? 'access:allowed' : 'access:denied');
  const noteMissing = !note.trim();
  const adminLocked = cell.role === 'admin' && cell.default && !allowed;
  const submit = (together: boolean) => {
    setTouched(true);
    if (noteMissing || adminLocked) return;
    save.mutate(together);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="access-change-title" fullWidth maxWidth="sm">
      <DialogTitle id="access-change-title">{t('access:change.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText component="div">
            <Typography sx={{ fontWeight: 600 }} dir="auto">
              {t('access:change.cell', {
                role: t(`users:roles.${cell.role}`),
                resource: resourceName(t, target.resource),
                action: label(target.action),
              })}
            </Typography>
            {actionWords(t, target.resource, target.action).explanation && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {actionWords(t, target.resource, target.action).explanation}
              </Typography>
            )}
            <Typography variant="body2">{t('access:change.default', { value: value(cell.default) })}</Typography>
            <Typography variant="body2">{t('access:change.now', { value: value(cell.allowed) })}</Typography>
            {cell.changed && (
              <Typography variant="body2" dir="auto" data-testid="access-change-who">
                {t('access:change.changedBy', {
                  name: cell.changed.by?.name ?? t('access:someone'),
                  date: fmt.dateTime(cell.changed.at),
                  note: cell.changed.note,
                })}
              </Typography>
            )}
          </DialogContentText>
          <RadioGroup
            aria-label={t('access:change.value')}
            value={allowed ? 'allowed' : 'denied'}
            onChange={(e) => {
              setAllowed(e.target.value === 'allowed');
              setNeeds(null);
            }}
            row
          >
            <FormControlLabel value="allowed" control={<Radio />} label={t('access:allowed')} />
            <FormControlLabel value="denied" control={<Radio />} label={t('access:denied')} data-testid="access-deny" />
          </RadioGroup>
          {adminLocked && <Alert severity="warning">{t('errors:codes.admin_locked')}</Alert>}
          <NoteField note={note} setNote={setNote} showMissing={touched && noteMissing} testId="access-note" />
          {needs && (
            <Alert severity="info" data-testid="access-needs">
              {t(needs.code === 'access_requires' ? 'access:change.requires' : 'access:change.requiredBy', {
                action: label(target.action),
                actions: needs.actions.map(label).join(', '),
              })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        {needs ? (
          <Button variant="contained" loading={save.isPending} onClick={() => submit(true)} data-testid="access-save-together">
            {t(needs.code === 'access_requires' ? 'access:change.grantTogether' : 'access:change.revokeTogether', {
              actions: needs.actions.map(label).join(', '),
            })}
          </Button>
        ) : (
          <Button
            variant="contained"
            loading={save.isPending}
            disabled={adminLocked || allowed === cell.allowed}
            onClick={() => submit(false)}
            data-testid="access-save"
          >
            {t('access:change.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * Back to the spec's defaults, one section or all, with the reason (required) and a confirmation.
 * `title`: the section as the page heads it (the navigation's name).
 */
export function ResetDialog({ open, section, title, onClose }: { open: boolean; section?: string; title?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setNote('');
      setTouched(false);
    }
  }, [open]);
  const reset = useMutation({
    mutationFn: async () => (await http.post<{ reset: number }>('/api/v1/access/reset', { section, note: note.trim() })).data,
    onSuccess: (r) => {
      toast.success(t('access:reset.done', { count: r.reset }));
      void client.invalidateQueries({ queryKey: ['access'] });
      onClose();
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  const noteMissing = !note.trim();
  const where = section ? (title ?? t(`access:sections.${section}`)) : '';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="access-reset-title" fullWidth maxWidth="sm">
      <DialogTitle id="access-reset-title">
        {section ? t('access:reset.sectionTitle', { section: where }) : t('access:reset.allTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {section ? t('access:reset.sectionMessage', { section: where }) : t('access:reset.allMessage')}
          </DialogContentText>
          <NoteField note={note} setNote={setNote} showMissing={touched && noteMissing} testId="access-reset-note" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={reset.isPending}
          data-testid="access-reset-confirm"
          onClick={() => {
            setTouched(true);
            if (!noteMissing) reset.mutate();
          }}
        >
          {t('access:reset.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The reason every access change carries (required): the change and the reset dialogs both ask it. */
function NoteField(props: { note: string; setNote: (note: string) => void; showMissing: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('access:change.note')}
      value={props.note}
      onChange={(e) => props.setNote(e.target.value)}
      required
      multiline
      minRows={2}
      autoFocus
      slotProps={{ htmlInput: { maxLength: ACCESS_NOTE_MAX, 'data-testid': props.testId } }}
      error={props.showMissing}
      helperText={props.showMissing ? t('validation:required') : t('access:change.noteHelp')}
    />
  );
}
