import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import type { Invoice } from '../../../domain/modules/invoices/invoices.schema';
import { EDITABLE_FIELDS } from '../../../domain/modules/invoices/invoices.rules';
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

/** A sent invoice's form moves only what its state allows (its due date and note); the rest is shown, not editable. */
export function InvoiceEditPage() {
  const { id } = useParams();
  const { result } = useOne<Invoice>({ resource: 'invoices', id: id! });
  const editable = result ? EDITABLE_FIELDS[result.status] : 'all';
  const disabled = editable === 'all' ? [] : Object.keys(invoicesResource.fields).filter((f) => !editable.includes(f));
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
      <InvoiceLines editable={editable === 'all'} />
    </ResourceForm>
  );
}
