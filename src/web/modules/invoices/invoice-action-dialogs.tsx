import { useState } from 'react';
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
import type { Invoice } from '../../../domain/modules/invoices/invoices.schema';
import { netOfCredits } from '../../../domain/modules/invoices/invoices.rules';
import { DayField } from '../../components/form/month-field';

// The invoice page's two actions that ask something first. The page sends the action and keeps
// its pending state and the server's refusal; each dialog keeps only what is typed in it, and is
// mounted while open, so each opening starts afresh (as the credit note's dialog does).

type ActionDialogProps<Body> = {
  pending: boolean;
  error: string;
  onClose: () => void;
  onConfirm: (body: Body) => void;
};

const today = () => new Date().toISOString().slice(0, 10);

/** Cancelling asks first: the invoice keeps its number and is never sent again. The note, optional, says why. */
export function CancelInvoiceDialog({
  creditNote,
  pending,
  error,
  onClose,
  onConfirm,
}: ActionDialogProps<{ note: string }> & { creditNote: boolean }) {
  const { t } = useTranslation(['invoices']);
  const [note, setNote] = useState('');

  return (
    <Dialog open onClose={onClose} aria-labelledby="invoice-cancel-title">
      <DialogTitle id="invoice-cancel-title">
        {t(creditNote ? 'invoices:creditNote.cancelTitle' : 'invoices:actions.cancelTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t(creditNote ? 'invoices:creditNote.cancelMessage' : 'invoices:actions.cancelMessage')}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('invoices:actions.cancelNote')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('invoices:actions.keep')}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={pending}
          onClick={() => onConfirm({ note })}
          data-testid="invoice-cancel-confirm"
        >
          {t(creditNote ? 'invoices:creditNote.cancel' : 'invoices:actions.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Payment = { paidAt: string; amount: string; note: string };

/**
 * The payment as received: its day (none in the future) and its amount, which starts as what the
 * customer owes, the total less what its credit notes gave back.
 */
export function MarkPaidDialog({ invoice, pending, error, onClose, onConfirm }: ActionDialogProps<Payment> & { invoice: Invoice }) {
  const { t } = useTranslation(['invoices', 'common']);
  const [form, setForm] = useState<Payment>(() => ({ paidAt: today(), amount: netOfCredits(invoice), note: '' }));

  return (
    <Dialog open onClose={onClose} aria-labelledby="invoice-paid-title" fullWidth maxWidth="xs">
      <DialogTitle id="invoice-paid-title">{t('invoices:actions.markPaidTitle')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="invoice-paid-error">
            {error}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DayField
            label={t('invoices:actions.paidAt')}
            value={form.paidAt}
            onChange={(paidAt) => setForm({ ...form, paidAt })}
            max={today()}
            testId="invoice-paid-at"
          />
          <TextField
            label={`${t('invoices:actions.amount')} (${invoice.currency})`}
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'invoice-paid-amount' } }}
          />
          <TextField label={t('invoices:actions.note')} value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('common:buttons.cancel')}
        </Button>
        <Button variant="contained" color="success" loading={pending} onClick={() => onConfirm(form)} data-testid="invoice-paid-confirm">
          {t('invoices:actions.confirmPaid')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
