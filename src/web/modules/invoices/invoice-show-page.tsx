import { useState } from 'react';
import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import type { Invoice, InvoiceStatus } from '../../../domain/modules/invoices/invoices.schema';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { CREDITABLE_STATUSES, EDITABLE_FIELDS, netOfCredits, type InvoiceAction } from '../../../domain/modules/invoices/invoices.rules';
import { compare } from '../../../domain/money';
import { ownerAllowsWrite } from '../../../domain/resource';
import { can } from '../../../domain/resources';
import { downloadFile } from '../../components/download';
import { ResourceShow } from '../../components/resource/resource-show';
import { useClosedMonth } from '../../components/resource/closed-month';
import { actionOffered, actionSegment, postStateAction } from '../../components/resource/state-actions';
import { errorText, refusalText } from '../../i18n/error-text';
import { versionOf } from '../../providers/data-provider';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { CancelInvoiceDialog, MarkPaidDialog } from './invoice-action-dialogs';
import { CreditNoteDialog } from './invoice-credit-notes';
import { InvoiceSummary } from './invoice-summary';

/**
 * An invoice: its number and state, its lines and totals, and the actions its state and the
 * caller's role allow (send, back to draft, mark paid, cancel after a confirmation), each sent with
 * the version on screen so that an action on a changed invoice is refused rather than applied blind.
 */
export function InvoiceShowPage() {
  const { id } = useParams();
  const { t } = useTranslation(['invoices', 'common', 'validation', 'errors']);
  const { role, user } = useAuthContext();
  const invalidate = useInvalidate();
  const { query } = useOne<Invoice>({ resource: 'invoices', id: id!, liveMode: 'auto' });
  const invoice = query.data?.data;
  const version = versionOf(query.data);
  const creditNote = invoice?.kind === 'credit_note';
  const [pending, setPending] = useState<InvoiceAction | null>(null);
  const [dialog, setDialog] = useState<'cancel' | 'markPaid' | 'creditNote' | null>(null);
  const [dialogError, setDialogError] = useState('');
  const [downloading, setDownloading] = useState(false);

  const openDialog = (which: 'cancel' | 'markPaid') => {
    setDialogError('');
    setDialog(which);
  };
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

  const status = invoice?.status as InvoiceStatus | undefined;
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
      {actionButton('markPaid', 'contained', () => openDialog('markPaid'), 'success')}
      {actionButton('backToDraft', 'outlined', () => void run('backToDraft'))}
      {mayCredit && (
        <Button variant="outlined" onClick={() => setDialog('creditNote')} data-testid="invoice-credit-note">
          {t('invoices:creditNote.button')}
        </Button>
      )}
      <Button variant="outlined" onClick={() => void downloadPdf()} loading={downloading} data-testid="invoice-pdf">
        {t('invoices:actions.downloadPdf')}
      </Button>
      {actionButton('cancel', 'outlined', () => openDialog('cancel'), 'error')}
    </>
  );

  const summary = invoice && <InvoiceSummary invoice={invoice} />;

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
      {dialog === 'cancel' && (
        <CancelInvoiceDialog
          creditNote={creditNote}
          pending={pending === 'cancel'}
          error={dialogError}
          onClose={() => setDialog(null)}
          onConfirm={(body) => void run('cancel', body)}
        />
      )}
      {dialog === 'markPaid' && invoice && (
        <MarkPaidDialog
          invoice={invoice}
          pending={pending === 'markPaid'}
          error={dialogError}
          onClose={() => setDialog(null)}
          onConfirm={(body) => void run('markPaid', body)}
        />
      )}
    </>
  );
}
