import { useParams } from 'react-router';
import { ResourceForm } from '../../components/resource/resource-form';
import { InvoiceLines } from './invoice-lines';

// The declaration's fields (customer, project, period, dates, currency, subject, note) plus the
// invoice's own: lines, tax rate and exchange rate, typed as decimal text and sent as such.
const EXTRA = ['lines', 'taxRate', 'exchangeRate'] as const;

/** Blank optional choices are not sent: the server takes the customer's currency and the base currency's rate. */
function transform(values: Record<string, unknown>) {
  const out = { ...values };
  for (const k of ['currency', 'exchangeRate', 'dueDate']) if (out[k] === '' || out[k] === null) delete out[k];
  return out;
}

export function InvoiceCreatePage() {
  return (
    <ResourceForm resource="invoices" action="create" extraFields={EXTRA} transform={transform}>
      <InvoiceLines />
    </ResourceForm>
  );
}

export function InvoiceEditPage() {
  const { id } = useParams();
  return (
    <ResourceForm key={id} resource="invoices" action="edit" id={id} extraFields={EXTRA} transform={transform}>
      <InvoiceLines />
    </ResourceForm>
  );
}
