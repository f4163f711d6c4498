import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** A delete confirmation: the archive is what the user confirms, not a click that slipped. */
export function ConfirmDelete(props: {
  open: boolean;
  title: string;
  message: string;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button onClick={props.onConfirm} color="error" variant="contained" loading={props.pending} data-testid="confirm-delete">
          {t('common:buttons.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
