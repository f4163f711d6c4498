import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

type ConfirmProps = {
  open: boolean;
  title: string;
  message: string;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** A confirmation before something that cannot be taken back: what the user confirms is said on the button. */
export function ConfirmDialog({
  testId = 'confirm-dialog',
  confirmColor = 'error',
  ...props
}: ConfirmProps & { confirmText: string; testId?: string; confirmColor?: 'error' | 'primary' | 'success' }) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button onClick={props.onConfirm} color={confirmColor} variant="contained" loading={props.pending} data-testid={testId}>
          {props.confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A delete confirmation: the deletion (or the archive, `archive`) is what the user confirms, not a click that slipped. */
export function ConfirmDelete({ archive = false, ...props }: ConfirmProps & { archive?: boolean }) {
  const { t } = useTranslation();
  return <ConfirmDialog {...props} confirmText={t(archive ? 'common:buttons.archive' : 'common:buttons.delete')} testId="confirm-delete" />;
}
