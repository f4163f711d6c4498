import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource.js';
import type { Invoice, InvoiceKind, InvoiceStatus } from '../../../domain/modules/invoices/invoices.schema.js';
import { CREDIT_NOTE_FIXED_FIELDS, lockedFields, normalizeDecimal } from '../../../domain/modules/invoices/invoices.rules.js';
import { compare } from '../../../domain/money.js';
import type { ResourceModule, Row } from '../../http/resource/index.js';
import { unprocessable } from '../../http/errors.js';
import type { ServerModule } from '../module.js';
import { invoiceActions } from './invoices.actions.js';
import { assertCreditNoteFits, registerCreditNoteRoute } from './invoices.credit-notes.js';
import { registerInvoiceAnalytics } from './invoices.analytics.js';
import { registerInvoicePdf } from './invoices.pdf.js';
import { registerInvoiceRoutes } from './invoices.routes.js';
import { seedInvoices } from './invoices.seed.js';
import { invoiceEntity, overdueExpression, type InvoiceRow } from './invoices.read-model.js';
import { resolveInvoice, type InvoiceValues } from './invoices.writes.js';
import { invoices } from './invoices.table.js';

type LineLike = { description: string; headcountId?: string | null; quantity: string; unit: string; unitPrice: string };
const lineKey = (lines: readonly LineLike[]) =>
  JSON.stringify(
    lines.map((l) => [l.description, l.headcountId ?? null, normalizeDecimal(l.quantity), l.unit, normalizeDecimal(l.unitPrice)]),
  );

/** The inputs of a write that differ from the invoice as stored (a whole record sent back changes nothing it repeats). */
function changedKeys(input: Row, current: Invoice): Set<string> {
  const changed = new Set<string>();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const was = (current as unknown as Row)[key];
    const same =
      key === 'lines'
        ? lineKey(value as LineLike[]) === lineKey(was as LineLike[])
        : key === 'exchangeRate' || key === 'taxRate'
          ? compare(value as string, was as string) === 0
          : JSON.stringify(value ?? null) === JSON.stringify(was ?? null);
    if (!same) changed.add(key);
  }
  return changed;
}

const invoicesResourceModule: ResourceModule<InvoiceRow> = {
  decl: invoicesResource,
  table: invoices,
  searchColumn: invoices.search,
  toEntity: invoiceEntity,
  derivedColumns: { overdue: overdueExpression },
  actions: invoiceActions,
  async beforeCreate(input, ctx) {
    const values = input as unknown as InvoiceValues;
    // Only the credit-note route writes a credit note (the create schema takes neither key).
    const kind = (input.kind as InvoiceKind | undefined) ?? 'invoice';
    const resolved = await resolveInvoice(ctx, values, new Set(Object.keys(input)), undefined, kind);
    if (kind === 'credit_note') await assertCreditNoteFits(ctx.tx, input.creditOf as string, resolved.total);
    return { ...input, ...resolved, kind, status: 'draft', number: null };
  },
  async beforeUpdate(input, existing, ctx) {
    const current = invoiceEntity(existing);
    const changed = changedKeys(input, current);
    const kind = existing.kind as InvoiceKind;
    const fixed = kind === 'credit_note' ? CREDIT_NOTE_FIXED_FIELDS.filter((f) => changed.has(f)) : [];
    if (fixed.length)
      throw unprocessable(
        `A credit note keeps its invoice's ${fixed.join(', ')}`,
        'credit_note_fixed',
        Object.fromEntries(fixed.map((f) => [f, { code: 'credit_note_fixed' }])),
      );
    const locked = lockedFields(existing.status as InvoiceStatus, [...changed]);
    if (locked.length) {
      const issue = { code: 'invoice_not_editable', params: { status: existing.status } };
      throw unprocessable(
        `A ${existing.status} invoice cannot change ${locked.join(', ')}: take it back to draft first`,
        'invoice_not_editable',
        Object.fromEntries(locked.map((f) => [f, issue])),
      );
    }
    const pick = <K extends keyof InvoiceValues>(k: K): InvoiceValues[K] =>
      (changed.has(k) ? input[k] : (current as unknown as InvoiceValues)[k]) as InvoiceValues[K];
    const next: InvoiceValues = {
      subject: pick('subject'),
      customerId: pick('customerId'),
      projectId: pick('projectId'),
      period: pick('period'),
      issueDate: pick('issueDate'),
      dueDate: pick('dueDate'),
      currency: pick('currency'),
      exchangeRate: pick('exchangeRate'),
      taxRate: pick('taxRate'),
      lines: pick('lines'),
      note: pick('note'),
    };
    const resolved = await resolveInvoice(ctx, next, changed, existing, kind);
    if (kind === 'credit_note' && changed.has('lines')) await assertCreditNoteFits(ctx.tx, existing.creditOf!, resolved.total);
    const own = Object.fromEntries([...changed].filter((k) => k !== 'lines').map((k) => [k, input[k]]));
    return { ...own, ...resolved };
  },
  beforeDelete(existing) {
    // Numbers are never lost: a numbered invoice is cancelled and kept.
    if (existing.number)
      throw unprocessable(`${existing.number} has a number: cancel it instead`, 'invoice_numbered', {
        number: { code: 'invoice_numbered', params: { number: existing.number } },
      });
  },
};

export const invoicesModule: ServerModule = {
  name: 'invoices',
  resource: invoicesResourceModule,
  routes: (app, s) => {
    registerInvoiceRoutes(app, s);
    registerCreditNoteRoute(app, s);
    registerInvoiceAnalytics(app, s);
    registerInvoicePdf(app, s);
  },
  seed: seedInvoices,
};
