import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useInvalidate, useList, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice } from '../../../domain/modules/invoices/invoices.schema';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { netOfCredits } from '../../../domain/modules/invoices/invoices.rules';
import { MonthField } from '../../components/form/month-field';
import { StatusChip } from '../../components/resource/field-value';
import { refusalText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { toast } from '../../toast';

// A credit note's parts of the invoice page: the invoice it credits, an invoice's notes, and the
// dialog that drafts a new one.

/** A credit note's line naming the invoice it credits, a link to it. */
export function CreditedInvoice({ id }: { id: string }) {
  const { t } = useTranslation(['invoices']);
  const { result } = useOne<Invoice>({ resource: 'invoices', id });
  return (
    <Typography sx={{ mb: 2 }} data-testid="invoice-credits">
      {t('invoices:creditNote.credits')}{' '}
      <Link component={RouterLink} to={`${invoicesResource.route}/${id}`} dir="auto" sx={{ fontWeight: 600, unicodeBidi: 'isolate' }}>
        {result ? (result.number ?? result.subject) : '…'}
      </Link>
    </Typography>
  );
}

/** An invoice's credit notes (drafts too), each a link to its page with its state and total. */
export function CreditNotes({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation(['invoices']);
  const fmt = useFormatters();
  const { result } = useList<Invoice>({
    resource: 'invoices',
    filters: [{ field: 'creditOf', operator: 'eq', value: invoiceId }],
    sorters: [{ field: 'createdAt', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 50, mode: 'server' },
    liveMode: 'auto',
  });
  const notes = result.data;
  if (!notes.length) return null;
  return (
    <Box sx={{ mt: 3 }} data-testid="invoice-credit-notes">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('invoices:creditNote.notes')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {notes.map((n) => (
          <Stack
            component="li"
            key={n.id}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', py: 1, borderTop: 1, borderColor: 'divider' }}
          >
            <Link component={RouterLink} to={`${invoicesResource.route}/${n.id}`} sx={{ fontWeight: 600, unicodeBidi: 'isolate' }}>
              {n.number ?? t('invoices:draftNumber')}
            </Link>
            <StatusChip
              label={t(`invoices:values.status.${n.status}`)}
              color={invoicesResource.fields.status.colors[n.status] ?? 'default'}
            />
            <Typography sx={{ marginInlineStart: 'auto', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {fmt.money(n.total, n.currency)}
            </Typography>
          </Stack>
        ))}
      </Box>
    </Box>
  );
}

/** The month a credit note is booked in by default: this one, or its invoice's when that is later. */
const creditMonth = (invoicePeriod: string) => {
  const now = new Date().toISOString().slice(0, 7);
  return invoicePeriod > now ? invoicePeriod : now;
};

/**
 * Creates a draft credit note of the invoice (all its lines, its terms) and opens it to edit: the
 * lines lowered to what is given back, then sent like an invoice.
 */
export function CreditNoteDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation(['invoices', 'common', 'validation', 'errors']);
  const fmt = useFormatters();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [period, setPeriod] = useState(() => creditMonth(invoice.period));
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function submit() {
    setPending(true);
    setError('');
    try {
      const res = await http.post<Invoice>(`${invoicesResource.base}/${invoicesResource.path}/${invoice.id}/credit-note`, { period });
      toast.success(t('invoices:creditNote.created'));
      await invalidate({ resource: 'invoices', invalidates: ['list'] });
      onClose();
      void navigate(`${invoicesResource.route}/${res.data.id}/edit`);
    } catch (e) {
      setError(refusalText(t, e));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="invoice-credit-note-title">
      <DialogTitle id="invoice-credit-note-title">
        {t('invoices:creditNote.title', { invoice: invoice.number ?? invoice.subject })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('invoices:creditNote.message')}</DialogContentText>
        <Typography variant="body2" sx={{ mb: 2, fontWeight: 600 }} data-testid="invoice-credit-left">
          {t('invoices:creditNote.left', { left: fmt.money(netOfCredits(invoice), invoice.currency) })}
        </Typography>
        <Stack spacing={2}>
          <MonthField
            label={t('invoices:creditNote.period')}
            value={period}
            onChange={setPeriod}
            min={invoice.period}
            required
            fullWidth
            testId="invoice-credit-period"
          />
          {error && (
            <Alert severity="error" role="alert" data-testid="invoice-credit-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('common:buttons.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!period} loading={pending} data-testid="invoice-credit-confirm">
          {t('invoices:creditNote.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
