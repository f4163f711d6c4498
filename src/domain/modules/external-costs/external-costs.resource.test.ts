import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../auth/permissions.js';
import { CURRENCIES } from '../../fields.js';
import { acceptOf, slotReadAction, slotWriteAction } from '../../file-slots.js';
import { allowsAction, filterKeys, type FieldDecl } from '../../resource.js';
import { monthsTouched } from '../month-close/month-close.rules.js';
import { externalCostsResource as r } from './external-costs.resource.js';
import { EXTERNAL_COST_CATEGORY_VALUES } from './external-costs.schema.js';

const fields = Object.entries(r.fields) as Array<[string, FieldDecl]>;
const named = (pick: (f: FieldDecl) => unknown) => fields.filter(([, f]) => pick(f)).map(([n]) => n);

describe('the external costs declaration', () => {
  it('is served at /api/v1/external-costs and shown at /external-costs, in its own section', () => {
    expect(`${r.base}/${r.path}`).toBe('/api/v1/external-costs');
    expect(r.route).toBe('/external-costs');
    expect(r.section).toBe('external-costs');
    expect(r.label).toBe('External cost');
    expect(r.recordTitle).toBe('description');
  });

  it('archives rather than deletes, and lists the latest costs first', () => {
    expect(r.softDelete).toBe(true);
    expect(r.defaultSort).toEqual({ field: 'date', order: 'desc' });
  });

  // The section's readers: every role but developer; as for every money record, the privileged roles write.
  const ACCESS: Record<Role, { reads: boolean; writes: boolean }> = {
    admin: { reads: true, writes: true },
    hr_lead: { reads: true, writes: true },
    sale_lead: { reads: true, writes: true },
    hr: { reads: true, writes: false },
    sale: { reads: true, writes: false },
    manager: { reads: true, writes: false },
    developer: { reads: false, writes: false },
  };
  it.each(ROLES)('%s reads and writes as the section table says', (role) => {
    const { reads, writes } = ACCESS[role];
    for (const action of ['list', 'show', 'export', 'lookup']) expect(allowsAction(r, role, action), action).toBe(reads);
    for (const action of ['create', 'edit', 'delete']) expect(allowsAction(r, role, action), action).toBe(writes);
  });
});

describe('a closed month', () => {
  // A cost belongs to the month of its date: a write touching a closed month is refused.
  it("puts a cost in its date's month, before and after a move", () => {
    expect(r.closesWithMonth.field).toBe('date');
    expect(monthsTouched(r.closesWithMonth.field, { date: '2026-10-31' }, { date: '2026-11-01' })).toEqual(['2026-10', '2026-11']);
  });
});

describe('the cost list', () => {
  it('shows its columns in order', () => {
    expect(named((f) => f.list)).toEqual(['date', 'description', 'amount', 'category', 'vendor', 'customerId', 'vendorInvoiced']);
  });

  it('sorts by every column but the customer, and by invoice number, currency and creation', () => {
    expect(named((f) => f.sort)).toEqual([
      'date',
      'description',
      'amount',
      'category',
      'vendor',
      'vendorInvoiceNumber',
      'currency',
      'createdAt',
    ]);
  });

  it('searches the texts; filters the rest by their query keys', () => {
    expect(named((f) => f.filter === 'search')).toEqual(['description', 'vendor', 'vendorInvoiceNumber']);
    expect(fields.flatMap(([n, f]) => filterKeys(n, f).map((k) => k.key))).toEqual([
      'date',
      'date_gte',
      'date_lte',
      'amount',
      'amount_gte',
      'amount_lte',
      'category',
      'category_ne',
      'customerId',
      'customerId_ne',
      'projectId',
      'projectId_ne',
      // Whether a vendor invoice is attached: what the month close's checklist links to.
      'vendorInvoiced',
      'vendorInvoiced_ne',
      'currency',
      'currency_ne',
      'createdAt',
      'createdAt_gte',
      'createdAt_lte',
    ]);
  });

  it('an amount is shown in the currency of its cost', () => {
    expect(r.fields.amount.currencyField).toBe('currency');
    expect(r.fields.currency.values).toEqual(CURRENCIES);
  });

  it('a category chip has its colour', () => {
    expect(r.fields.category.values).toEqual(EXTERNAL_COST_CATEGORY_VALUES);
    expect(r.fields.category.colors).toEqual({
      office: 'default',
      software: 'info',
      equipment: 'secondary',
      recruitment: 'primary',
      marketing: 'warning',
      other: 'default',
    });
  });

  it('a cost points to a customer and a project, each picked by name', () => {
    expect(r.fields.customerId.ref).toEqual({ resource: 'customers', label: 'name' });
    expect(r.fields.projectId.ref).toEqual({ resource: 'projects', label: 'name' });
  });

  it('only the creation time and whether a vendor invoice is attached are the server’s', () => {
    expect(named((f) => f.readOnly)).toEqual(['vendorInvoiced', 'createdAt']);
    expect(named((f) => f.form === false)).toEqual(['vendorInvoiced', 'createdAt']);
  });
});

describe("the vendor's invoices", () => {
  const slot = r.files['upload-invoices'];

  it('are kept as a list of up to 20 files on the invoices field', () => {
    expect(Object.keys(r.files)).toEqual(['upload-invoices']);
    expect(slot.field).toBe('invoices');
    expect(slot.many).toBe(true);
    expect(slot.maxFiles).toBe(20);
    expect(slot.label).toBe('Vendor invoice');
  });

  it('are PDFs or images, read by whoever reads the cost and changed by whoever edits it', () => {
    expect(acceptOf(slot.types)).toBe('.pdf,application/pdf,.png,image/png,.jpg,.jpeg,image/jpeg');
    expect(slotReadAction(slot)).toBe('show');
    expect(slotWriteAction(slot)).toBe('edit');
  });
});
