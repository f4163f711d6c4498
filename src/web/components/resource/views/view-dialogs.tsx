import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import { ROLES, type Role } from '../../../../domain/auth/permissions';
import { SAVED_VIEW_NAME_MAX } from '../../../../domain/modules/saved-views/saved-views.schema';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The name of a view to save, rename or copy (with "open the list with it" when saving). */
export function ViewNameDialog({
  t,
  open,
  title,
  initial,
  offerDefault,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  t: Translate;
  open: boolean;
  title: string;
  initial: string;
  offerDefault: boolean;
  pending: boolean;
  /** The server's word on the name (taken, too long), translated. */
  error?: string;
  onCancel: () => void;
  onSubmit: (name: string, makeDefault: boolean) => void;
}) {
  const [name, setName] = useState(initial);
  const [makeDefault, setMakeDefault] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setMakeDefault(false);
    }
  }, [open, initial]);
  const trimmed = name.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (trimmed) onSubmit(trimmed, makeDefault);
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="view-name-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="view-name-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('common:views.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!error}
            helperText={error ?? `${trimmed.length}/${SAVED_VIEW_NAME_MAX}`}
            slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX, 'data-testid': 'view-name' } }}
            required
          />
          {offerDefault && (
            <FormControlLabel
              control={<Checkbox checked={makeDefault} onChange={(_, on) => setMakeDefault(on)} />}
              label={t('common:views.makeDefault')}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} color="inherit">
            {t('common:buttons.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={pending} disabled={!trimmed} data-testid="view-name-save">
            {t('common:buttons.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The roles a view is shared with: their people see it and may copy it, never change it. */
export function ViewShareDialog({
  t,
  open,
  name,
  initial,
  roleLabel,
  pending,
  onCancel,
  onSubmit,
}: {
  t: Translate;
  open: boolean;
  name: string;
  initial: readonly Role[];
  roleLabel: (role: string) => string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (roles: Role[]) => void;
}) {
  const [roles, setRoles] = useState<Role[]>([...initial]);
  useEffect(() => {
    if (open) setRoles([...initial]);
  }, [open, initial]);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="view-share-title" fullWidth maxWidth="xs">
      <DialogTitle id="view-share-title">{t('common:views.shareTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="view-share-hint">{t('common:views.shareHint')}</DialogContentText>
        <FormGroup aria-describedby="view-share-hint">
          {ROLES.map((role) => (
            <FormControlLabel
              key={role}
              control={
                <Checkbox
                  checked={roles.includes(role)}
                  onChange={(_, on) => setRoles((now) => (on ? [...now, role] : now.filter((r) => r !== role)))}
                  slotProps={{ input: { 'data-testid': `share-${role}` } as object }}
                />
              }
              label={roleLabel(role)}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button variant="contained" loading={pending} onClick={() => onSubmit(roles)} data-testid="view-share-save">
          {t('common:buttons.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
