import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource.js';
import { CREDITABLE_STATUSES, negate, netOfCredits } from '../../../domain/modules/invoices/invoices.rules.js';
import { invoiceCreditNoteSchema, invoiceSchema, type InvoiceStatus } from '../../../domain/modules/invoices/invoices.schema.js';
import { compare } from '../../../domain/money.js';
import type { Api } from '../../http/api.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { emptyBodyIsNone } from '../../http/resource/actions.js';
import { idParams } from '../../http/resource/context.js';
import { registeredResource, type Row, type WriteContext } from '../../http/resource/index.js';
import type { Services } from '../../services.js';
import { customers } from '../customers/customers.table.js';
import { firmRow, firmView } from '../firm-settings/firm-settings.service.js';
import { customerDocumentLang, INVOICE_LABELS } from './invoices.pdf-labels.js';
import { invoiceName, todayUtc, type InvoiceRow } from './invoices.read-model.js';
import { invoices } from './invoices.table.js';

// Credit notes: a sent or paid invoice is never edited; part of it (or all) is given back by a
// credit note of its own number series, whose amounts count negative wherever revenue or what is
// owed is summed. The invoice keeps the sum its issued credit notes give back (`credited`), moved
// under its row lock, so two credit notes issued at once can never give back more than it asked.

type Tx = WriteContext['tx'];

const decl = invoicesResource;

function refuseUncreditable(invoice: InvoiceRow) {
  if (invoice.kind !== 'invoice')
    throw unprocessable('A credit note cannot itself be credited', 'invoice_not_creditable', {
      creditOf: { code: 'invoice_not_creditable', params: { status: invoice.status } },
    });
  if (!CREDITABLE_STATUSES.includes(invoice.status as InvoiceStatus))
    throw unprocessable(
      invoice.status === 'cancelled'
        ? `${invoiceName(invoice)} is cancelled: nothing of it is owed to give back`
        : `${invoiceName(invoice)} is a draft: correct it instead of crediting it`,
      'invoice_not_creditable',
      { creditOf: { code: 'invoice_not_creditable', params: { status: invoice.status } } },
    );
}

/** 422 when a credit note of `amount` (positive, with tax) gives back more than its invoice has left. */
function refuseOverCredit(invoice: InvoiceRow, amount: string, field = 'lines') {
  const left = netOfCredits(invoice);
  if (compare(amount, left) > 0)
    throw unprocessable(
      `${invoiceName(invoice)} has ${left} ${invoice.currency} left to credit: this credit note gives back ${amount}`,
      'credit_exceeds_invoice',
      { [field]: { code: 'credit_exceeds_invoice', params: { max: left, currency: invoice.currency, invoice: invoiceName(invoice) } } },
    );
}

async function invoiceOf(tx: Tx, id: string, lock: boolean): Promise<InvoiceRow> {
  const q = tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.archivedAt)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Invoice');
  return row;
}

/** A credit note's draft about to be written (created or its lines changed): still within what its invoice has left. */
export async function assertCreditNoteFits(tx: Tx, creditOf: string, total: string) {
  const invoice = await invoiceOf(tx, creditOf, false);
  refuseUncreditable(invoice);
  refuseOverCredit(invoice, negate(total));
}

/**
 * A credit note issued (sent) or taken back (to draft, or cancelled while sent): its invoice's
 * `credited` moves by its total, under the invoice's row lock. Issuing checks again what is left:
 * drafts reserve nothing, so the check that counts is this one.
 */
export async function moveCredited(tx: Tx, note: InvoiceRow, direction: 'issue' | 'withdraw') {
  const invoice = await invoiceOf(tx, note.creditOf!, true);
  const amount = negate(note.total);
  if (direction === 'issue') {
    refuseUncreditable(invoice);
    refuseOverCredit(invoice, amount, 'total');
  }
  await tx
    .update(invoices)
    .set({ credited: sql`${invoices.credited} ${direction === 'issue' ? sql`+` : sql`-`} ${amount}::numeric` })
    .where(eq(invoices.id, invoice.id));
}

/** `POST /invoice/:id/credit-note`: a draft credit note of the invoice, written by the normal create (owner, checks, audit, live event). */
export function registerCreditNoteRoute(app: Api, s: Services) {
  app.post(
    `/${decl.path}/:id/credit-note`,
    {
      config: { access: { resource: decl.name, action: 'create' } },
      preParsing: emptyBodyIsNone,
      schema: {
        tags: [decl.name],
        summary:
          "A draft credit note of a sent or paid invoice: the lines it gives back (by default all of the invoice's), in the invoice's currency, rate and tax; issued with the invoice's send",
        params: idParams,
        // Every part has its default: no body at all drafts the whole invoice back, dated today.
        body: invoiceCreditNoteSchema.nullish(),
        response: { 201: invoiceSchema },
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const body = (req.body ?? {}) as z.infer<typeof invoiceCreditNoteSchema>;
      // Read without a lock: what it copies is fixed once sent, and what is left to credit is checked
      // again under the invoice's row lock when the note is issued.
      const invoice = (await registeredResource(s, decl.name)!.findOne(req.user!, id, { write: true })) as unknown as InvoiceRow;
      refuseUncreditable(invoice);
      const issueDate = body.issueDate ?? todayUtc();
      const period = body.period ?? issueDate.slice(0, 7);
      // It is booked when written, never before what it credits.
      if (period < invoice.period)
        throw unprocessable(`A credit note is booked in ${invoice.period} or later`, 'credit_note_period', {
          period: { code: 'credit_note_period', params: { month: invoice.period } },
        });
      // Its subject in the words its PDF uses: the customer's language, else the firm's.
      const [customer] = await s.db.select({ language: customers.language }).from(customers).where(eq(customers.id, invoice.customerId));
      const lang = customerDocumentLang(customer?.language ?? null, firmView(s, await firmRow(s)).language);
      const values = {
        kind: 'credit_note',
        creditOf: invoice.id,
        subject: `${INVOICE_LABELS[lang].creditNote} · ${invoiceName(invoice)}`,
        customerId: invoice.customerId,
        projectId: invoice.projectId,
        period,
        issueDate,
        currency: invoice.currency,
        exchangeRate: invoice.exchangeRate,
        taxRate: invoice.taxRate,
        lines: body.lines ?? invoice.lines.map(({ amount: _amount, ...line }) => line),
        note: body.note ?? null,
      };
      const created = await registeredResource(s, decl.name)!.create(req, reply, values as unknown as Row);
      return reply.status(201).send(created as z.infer<typeof invoiceSchema>);
    },
  );
}
