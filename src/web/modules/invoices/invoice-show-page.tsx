import { useState } from 'react';
import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Invoice, InvoiceStatus } from '../../../domain/modules/invoices/invoices.schema';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { CREDITABLE_STATUSES, EDITABLE_FIELDS, netOfCredits, type InvoiceAction } from '../../../domain/modules/invoices/invoices.rules';
import { compare } from '../../../domain/money';
import { ownerAllowsWrite } from '../../../domain/resource';
import { can } from '../../../domain/resources';
import { DayField } from '../../components/form/month-field';
import { downloadFile } from '../../components/download';
import { StatusChip } from '../../components/resource/field-value';
import { ResourceShow } from '../../components/resource/resource-show';
import { useClosedMonth } from '../../components/resource/closed-month';
import { actionOffered, actionSegment, postStateAction } from '../../components/resource/state-actions';
import { errorText, refusalText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { versionOf } from '../../providers/data-provider';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { CreditedInvoice, CreditNoteDialog, CreditNotes } from './invoice-credit-notes';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * An invoice: its number and state, its lines and totals, and the actions its state and the
 * caller's role allow (send, back to draft, mark paid, cancel after a confirmation), each sent with
 * the version on screen so that an action on a changed invoice is refused rather than applied blind.
 */
export function InvoiceShowPage() {
  const { id } = useParams();
  const { t } = useTranslation(['invoices', 'common', 'validation', 'errors']);
  const { role, user } = useAuthContext();
  const fmt = useFormatters();
  const invalidate = useInvalidate();
  const { query } = useOne<Invoice>({ resource: 'invoices', id: id!, liveMode: 'auto' });
  const invoice = query.data?.data;
  const version = versionOf(query.data);
  const creditNote = invoice?.kind === 'credit_note';
  const [pending, setPending] = useState<InvoiceAction | null>(null);
  const [dialog, setDialog] = useState<'cancel' | 'markPaid' | 'creditNote' | null>(null);
  const [form, setForm] = useState({ paidAt: today(), amount: '', note: '' });
  const [dialogError, setDialogError] = useState('');
  const [downloading, setDownloading] = useState(false);

  const closedMonth = useClosedMonth(invoicesResource, invoice);
  const allowed = (action: InvoiceAction) => actionOffered(invoicesResource, role, action, invoice, closedMonth);

  async function run(action: InvoiceAction, body?: Record<string, unknown>) {
    setPending(action);
    setDialogError('');
    try {
      const res = await postStateAction<Invoice>(invoicesResource, id!, action, version, body);
      const done = creditNote
        ? { send: 'creditNote.sent', backToDraft: 'creditNote.backToDrafted', markPaid: 'actions.paid', cancel: 'creditNote.cancelled' }[
            action
          ]
        : { send: 'actions.sent', backToDraft: 'actions.backToDrafted', markPaid: 'actions.paid', cancel: 'actions.cancelled' }[action];
      toast.success(t(`invoices:${done}`, { number: res.data.number ?? '' }));
      setDialog(null);
    } catch (error) {
      const text = refusalText(t, error);
      if (dialog) setDialogError(text);
      else toast.error(text);
    } finally {
      setPending(null);
      await invalidate({ resource: 'invoices', invalidates: ['detail', 'list'], id });
    }
  }

  // The PDF in the customer's language (the server's choice), whoever downloads it.
  async function downloadPdf() {
    if (!invoice) return;
    setDownloading(true);
    try {
      await downloadFile(`/api/v1/${invoicesResource.path}/${id}/pdf`, {
        fallbackName: `${invoice.number ?? 'invoice'}.pdf`,
      });
    } catch (error) {
      toast.error(errorText(t, error));
    } finally {
      setDownloading(false);
    }
  }

  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const status = invoice?.status as InvoiceStatus | undefined;
  const money = (v: string | null) => (v && invoice ? fmt.money(v, invoice.currency) : '—');
  const actionButton = (action: InvoiceAction, variant: 'contained' | 'outlined', onClick: () => void, color?: 'error' | 'success') =>
    allowed(action) && (
      <Button
        key={action}
        variant={variant}
        color={color}
        onClick={onClick}
        loading={pending === action}
        data-testid={`invoice-${actionSegment(invoicesResource, action)}`}
      >
        {t(creditNote && action === 'cancel' ? 'invoices:creditNote.cancel' : `invoices:actions.${action}`)}
      </Button>
    );
  // A sent or paid invoice with something left to give back, for those who write invoices (a sale:
  // on their own customers'). Its closed month does not matter: the credit note is booked in its own.
  const mayCredit =
    !!invoice &&
    invoice.kind === 'invoice' &&
    CREDITABLE_STATUSES.includes(invoice.status) &&
    compare(netOfCredits(invoice), '0') > 0 &&
    can(role, 'invoices', 'create') &&
    ownerAllowsWrite(invoicesResource, user ?? undefined, invoice);

  const actions = invoice && (
    <>
      {actionButton('send', 'contained', () => void run('send'))}
      {actionButton(
        'markPaid',
        'contained',
        () => {
          // What the customer owes: the total less what its credit notes gave back.
          setForm({ paidAt: today(), amount: netOfCredits(invoice), note: '' });
          setDialogError('');
          setDialog('markPaid');
        },
        'success',
      )}
      {actionButton('backToDraft', 'outlined', () => void run('backToDraft'))}
      {mayCredit && (
        <Button variant="outlined" onClick={() => setDialog('creditNote')} data-testid="invoice-credit-note">
          {t('invoices:creditNote.button')}
        </Button>
      )}
      <Button variant="outlined" onClick={() => void downloadPdf()} loading={downloading} data-testid="invoice-pdf">
        {t('invoices:actions.downloadPdf')}
      </Button>
      {actionButton(
        'cancel',
        'outlined',
        () => {
          setForm((f) => ({ ...f, note: '' }));
          setDialogError('');
          setDialog('cancel');
        },
        'error',
      )}
    </>
  );

  const summary = invoice && (
    <Card sx={{ p: 3 }} data-testid="invoice-summary">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h2" data-testid="invoice-number">
          {invoice.number ?? t('invoices:draftNumber')}
        </Typography>
        {creditNote && (
          <Box data-testid="invoice-kind">
            <StatusChip
              label={t('invoices:values.kind.credit_note')}
              color={invoicesResource.fields.kind.colors.credit_note ?? 'default'}
            />
          </Box>
        )}
        <StatusChip
          label={t(`invoices:values.status.${invoice.status}`)}
          color={invoicesResource.fields.status.colors[invoice.status] ?? 'default'}
        />
        {invoice.overdue && <Chip size="small" color="error" label={t('invoices:overdueChip')} data-testid="invoice-overdue" />}
      </Stack>
      {invoice.creditOf && <CreditedInvoice id={invoice.creditOf} />}
      {phone ? (
        // On a phone each line stacks: its description whole, then quantity × price and its amount.
        <Box
          component="ul"
          aria-label={t('invoices:lines.title')}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          data-testid="invoice-lines-stacked"
        >
          {invoice.lines.map((l, i) => (
            <Box component="li" key={i} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {l.description}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mt: 0.5 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary', unicodeBidi: 'isolate' }}>
                  {fmt.number(l.quantity, { maximumFractionDigits: 4 })} {t(`invoices:values.unit.${l.unit}`)} ×{' '}
                  {fmt.number(l.unitPrice, { maximumFractionDigits: 4 })}
                </Typography>
                <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money(l.amount)}
                </Typography>
              </Stack>
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('invoices:lines.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('invoices:lines.description')}</TableCell>
                <TableCell align="right">{t('invoices:lines.quantity')}</TableCell>
                <TableCell>{t('invoices:lines.unit')}</TableCell>
                <TableCell align="right">{t('invoices:lines.unitPrice')}</TableCell>
                <TableCell align="right">{t('invoices:lines.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.lines.map((l, i) => (
                <TableRow key={i}>
                  <TableCell dir="auto">{l.description}</TableCell>
                  <TableCell align="right">{fmt.number(l.quantity, { maximumFractionDigits: 4 })}</TableCell>
                  <TableCell>{t(`invoices:values.unit.${l.unit}`)}</TableCell>
                  <TableCell align="right">{fmt.number(l.unitPrice, { maximumFractionDigits: 4 })}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(l.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box sx={{ mt: 2, marginInlineStart: 'auto', maxWidth: 360 }}>
        {(
          [
            ['subtotal', invoice.subtotal],
            ['tax', invoice.tax],
            ['total', invoice.total],
            ['paidAmount', invoice.paidAmount],
          ] as const
        )
          .filter(([, v]) => v !== null)
          .map(([k, v]) => (
            <Stack key={k} direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
              <Typography sx={k === 'total' ? { fontWeight: 700 } : { color: 'text.secondary' }}>
                {k === 'tax' ? `${t('invoices:fields.tax')} (${fmt.number(invoice.taxRate)} %)` : t(`invoices:fields.${k}`)}
              </Typography>
              <Typography
                data-testid={`invoice-show-${k}`}
                sx={{ fontWeight: k === 'total' ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}
              >
                {money(v)}
              </Typography>
            </Stack>
          ))}
        <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('invoices:fields.totalBase')} ({t('invoices:fields.exchangeRate')}{' '}
            {fmt.number(invoice.exchangeRate, { maximumFractionDigits: 10 })})
          </Typography>
          <Typography variant="body2" data-testid="invoice-show-totalBase" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {fmt.number(invoice.totalBase, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </Typography>
        </Stack>
        {compare(invoice.credited, '0') > 0 && (
          <Typography sx={{ py: 0.5, fontWeight: 600 }} data-testid="invoice-credited">
            {t('invoices:creditNote.credited', { credited: money(invoice.credited), total: money(invoice.total) })}
          </Typography>
        )}
      </Box>
      {invoice.kind === 'invoice' && <CreditNotes invoiceId={invoice.id} />}
    </Card>
  );

  return (
    <>
      <ResourceShow
        key={id}
        resource="invoices"
        id={id!}
        actions={actions}
        summary={summary}
        rights={{
          edit:
            !!status && EDITABLE_FIELDS[status] !== undefined && (EDITABLE_FIELDS[status] === 'all' || EDITABLE_FIELDS[status].length > 0),
          delete: !!invoice && !invoice.number,
        }}
      />
      {dialog === 'creditNote' && invoice && <CreditNoteDialog invoice={invoice} onClose={() => setDialog(null)} />}
      <Dialog open={dialog === 'cancel'} onClose={() => setDialog(null)} aria-labelledby="invoice-cancel-title">
        <DialogTitle id="invoice-cancel-title">
          {t(creditNote ? 'invoices:creditNote.cancelTitle' : 'invoices:actions.cancelTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t(creditNote ? 'invoices:creditNote.cancelMessage' : 'invoices:actions.cancelMessage')}
          </DialogContentText>
          {dialogError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {dialogError}
            </Alert>
          )}
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t('invoices:actions.cancelNote')}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setDialog(null)}>
            {t('invoices:actions.keep')}
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={pending === 'cancel'}
            onClick={() => void run('cancel', { note: form.note })}
            data-testid="invoice-cancel-confirm"
          >
            {t(creditNote ? 'invoices:creditNote.cancel' : 'invoices:actions.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'markPaid'} onClose={() => setDialog(null)} aria-labelledby="invoice-paid-title" fullWidth maxWidth="xs">
        <DialogTitle id="invoice-paid-title">{t('invoices:actions.markPaidTitle')}</DialogTitle>
        <DialogContent>
          {dialogError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="invoice-paid-error">
              {dialogError}
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
              label={`${t('invoices:actions.amount')} (${invoice?.currency ?? ''})`}
              value={form.amount}
              onChange={(e) => setForm({ ...form, amount: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'invoice-paid-amount' } }}
            />
            <TextField label={t('invoices:actions.note')} value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setDialog(null)}>
            {t('common:buttons.cancel')}
          </Button>
          <Button
            variant="contained"
            color="success"
            loading={pending === 'markPaid'}
            onClick={() => void run('markPaid', { paidAt: form.paidAt, amount: form.amount, note: form.note })}
            data-testid="invoice-paid-confirm"
          >
            {t('invoices:actions.confirmPaid')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
