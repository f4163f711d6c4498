import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Invoice } from '../../../domain/modules/invoices/invoices.schema';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { can } from '../../../domain/resources';
import { ReferencePicker } from '../../components/resource/lookup';
import { ResourceList } from '../../components/resource/resource-list';
import { http } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { refusal } from './invoice-show-page';

/** The month just ended, `YYYY-MM`: what is usually billed. */
function lastMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** The kit's list, and for those who create invoices a draft built from a customer's month of seats. */
export function InvoiceListPage() {
  const { t } = useTranslation(['invoices', 'common', 'validation', 'errors']);
  const { role } = useAuthContext();
  const [open, setOpen] = useState(false);
  return (
    <Box>
      {can(role, 'invoices', 'create') && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="outlined" onClick={() => setOpen(true)} data-testid="draft-from-headcount">
            {t('invoices:draft.button')}
          </Button>
        </Stack>
      )}
      <ResourceList resource="invoices" />
      {open && <DraftDialog onClose={() => setOpen(false)} />}
    </Box>
  );
}

function DraftDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['invoices', 'common', 'validation', 'errors']);
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [period, setPeriod] = useState(lastMonth);
  const [exchangeRate, setExchangeRate] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function submit() {
    setPending(true);
    setError('');
    try {
      const res = await http.post<Invoice>(`/api/v1/${invoicesResource.path}/draft-from-headcount`, {
        customerId,
        period,
        ...(exchangeRate.trim() ? { exchangeRate: exchangeRate.trim() } : {}),
      });
      toast.success(t('invoices:draft.created'));
      await invalidate({ resource: 'invoices', invalidates: ['list'] });
      onClose();
      void navigate(`/invoices/${res.data.id}/edit`);
    } catch (e) {
      setError(refusal(t, e));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="draft-from-headcount-title">
      <DialogTitle id="draft-from-headcount-title">{t('invoices:draft.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('invoices:draft.hint')}</DialogContentText>
        <Stack spacing={2}>
          <ReferencePicker resource="customers" label={t('invoices:draft.customer')} value={customerId} onChange={setCustomerId} required />
          <TextField
            type="month"
            label={t('invoices:draft.period')}
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'draft-period' } }}
          />
          <TextField
            label={t('invoices:draft.exchangeRate')}
            helperText={t('invoices:draft.exchangeRateHint')}
            value={exchangeRate}
            onChange={(e) => setExchangeRate(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:buttons.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!customerId || !period || pending} data-testid="draft-submit">
          {t('invoices:draft.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
