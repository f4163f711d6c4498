import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import type { Invoice } from '../../../domain/modules/invoices/invoices.schema';
import { CREDIT_NOTE_FIXED_FIELDS, EDITABLE_FIELDS } from '../../../domain/modules/invoices/invoices.rules';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { ResourceForm } from '../../components/resource/resource-form';
import { InvoiceLines } from './invoice-lines';

// The declaration's fields (customer, project, period, dates, subject, note) plus the invoice's
// own: currency and rate, lines and tax rate, typed as decimal text and sent as such.
const EXTRA = ['lines', 'taxRate', 'exchangeRate', 'currency'] as const;

/** Blank optional choices are not sent: the server takes the customer's currency and the base currency's rate. */
function transform(values: Record<string, unknown>) {
  const out = { ...values };
  for (const k of ['currency', 'exchangeRate', 'dueDate']) if (out[k] === '' || out[k] === null) delete out[k];
  return out;
}

export function InvoiceCreatePage() {
  return (
    <ResourceForm resource="invoices" action="create" extraFields={EXTRA} transform={transform} savedTo="record">
      <InvoiceLines />
    </ResourceForm>
  );
}

/**
 * A sent invoice's form moves only what its state allows (its due date and note); the rest is shown,
 * not editable. A credit note keeps its invoice's customer, project, currency and rates: only its
 * lines, dates, month and note move.
 */
export function InvoiceEditPage() {
  const { id } = useParams();
  const { result } = useOne<Invoice>({ resource: 'invoices', id: id! });
  const editable = result ? EDITABLE_FIELDS[result.status] : 'all';
  const creditNote = result?.kind === 'credit_note';
  const disabled = [
    ...(editable === 'all' ? [] : Object.keys(invoicesResource.fields).filter((f) => !editable.includes(f))),
    ...(creditNote ? CREDIT_NOTE_FIXED_FIELDS : []),
  ];
  return (
    <ResourceForm
      key={id}
      resource="invoices"
      action="edit"
      id={id}
      extraFields={EXTRA}
      transform={transform}
      disabled={disabled}
      savedTo="record"
    >
      {result?.creditOf && <CreditNoteHint invoiceId={result.creditOf} />}
      <InvoiceLines editable={editable === 'all'} creditNote={creditNote} />
    </ResourceForm>
  );
}

/** What a credit note's form edits, and of which invoice. */
function CreditNoteHint({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation(['invoices']);
  const { result } = useOne<Invoice>({ resource: 'invoices', id: invoiceId });
  return (
    <Alert severity="info" sx={{ mt: 3 }} data-testid="credit-note-hint">
      {t('invoices:creditNote.editHint', { invoice: result ? (result.number ?? result.subject) : '…' })}
    </Alert>
  );
}
