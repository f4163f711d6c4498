import { eq, sql } from 'drizzle-orm';
import { z, type ZodType } from 'zod';
import { ROLES } from '../../../domain/auth/permissions.js';
import { allowsAction } from '../../../domain/resource.js';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource.js';
import {
  invoiceCancelSchema,
  invoiceDraftFromHeadcountSchema,
  invoiceMarkPaidSchema,
  invoiceSchema,
  type InvoiceStatus,
} from '../../../domain/modules/invoices/invoices.schema.js';
import { canTransition, INVOICE_TRANSITIONS, type InvoiceAction } from '../../../domain/modules/invoices/invoices.rules.js';
import { minorUnits, parseDecimal } from '../../../domain/money.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import { registeredResource, type Row, type WriteContext } from '../../http/crud.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { assertCurrent, sendVersion } from '../../http/precondition.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import { assertMonthsOpen } from '../month-close/month-close.service.js';
import { draftFromHeadcount } from './invoices.headcount-draft.js';
import { invoiceEntity, todayUtc, type InvoiceRow } from './invoices.read-model.js';
import { drawNumber, lockInvoice, sendProbe } from './invoices.writes.js';
import { invoices } from './invoices.table.js';

type Tx = WriteContext['tx'];
const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
const noBody = z.strictObject({}).optional();
const decl = invoicesResource;

/** Roles that read every invoice hear of every change; an owner-scoped sale hears of their own. */
const ownRows: readonly string[] = decl.owner.roles;
const everyRow = ROLES.filter((r) => allowsAction(decl, r, 'show') && !ownRows.includes(r));

const auditable = (row: InvoiceRow) => {
  const { search: _search, updatedAt: _updatedAt, ...rest } = row;
  return rest;
};

/**
 * The invoice's state changes: each locks the row, takes the caller's precondition (412 when they
 * acted on an older version), checks the state machine (409 naming the current status), writes
 * the change with its audit entry in one transaction, and answers with the new version.
 */
export function registerInvoiceRoutes(app: Api, s: Services) {
  const tags = [decl.name];

  function emitLive(row: InvoiceRow) {
    const payload = { channel: `resources/${decl.name}`, type: 'updated', payload: { ids: [row.id] }, date: new Date().toISOString() };
    s.realtime.toRoles(everyRow, 'live', payload);
    if (row.saleId) s.realtime.toUser(row.saleId, 'live', payload);
  }

  function action<B extends ZodType>(
    name: InvoiceAction,
    path: string,
    body: B,
    summary: string,
    apply: (tx: Tx, row: InvoiceRow, body: z.infer<B>, user: CurrentUser) => Promise<Partial<InvoiceRow>> | Partial<InvoiceRow>,
  ) {
    app.post(
      `/${decl.path}/:id/${path}`,
      {
        config: { access: { resource: decl.name, action: name }, precondition: true },
        schema: { tags, summary, params: idParams, body, response: { 200: invoiceSchema } },
      },
      async (req, reply) => {
        const user = req.user!;
        const { id } = req.params as { id: string };
        const row = await s.db.transaction(async (tx) => {
          const existing = await lockInvoice(tx, user, id);
          if (!existing) throw notFound(decl.label);
          await assertCurrent(tx, req, { entity: decl.name, label: decl.label, row: existing, current: () => invoiceEntity(existing) });
          // A closed month's invoices keep their state too (decision 017).
          await assertMonthsOpen(tx, decl.closesWithMonth, existing, undefined);
          const status = existing.status as InvoiceStatus;
          if (!canTransition(status, name))
            throw conflict(`A ${status} invoice cannot take "${path}"`, 'invoice_status', {
              status: { code: 'invoice_status', params: { status, action: path } },
            });
          const changes = await apply(tx, existing, req.body as z.infer<B>, user);
          const [after] = await tx
            .update(invoices)
            .set({ ...changes, status: INVOICE_TRANSITIONS[name].to, updatedAt: sql`now()` })
            .where(eq(invoices.id, id))
            .returning();
          await writeAudit(tx, {
            actorId: user.id,
            entity: decl.name,
            entityId: id,
            action: 'updated',
            before: auditable(existing),
            after: auditable(after!),
            requestId: req.id,
          });
          return after!;
        });
        emitLive(row);
        sendVersion(reply, row);
        return invoiceEntity(row);
      },
    );
  }

  app.post(
    `/${decl.path}/draft-from-headcount`,
    {
      config: { access: { resource: decl.name, action: 'create' } },
      schema: {
        tags,
        summary:
          "A draft invoice for a customer's month built from its seats: monthly seats pro rata to their working days, daily and hourly seats from the hours logged on them",
        body: invoiceDraftFromHeadcountSchema,
        response: { 201: invoiceSchema },
      },
    },
    async (req, reply) => {
      // A closed month is told before what its seats would bill (the create checks it again, under its lock).
      await assertMonthsOpen(s.db, decl.closesWithMonth, undefined, req.body as { period: string });
      const values = await draftFromHeadcount(s.db, req.user!, req.body as z.infer<typeof invoiceDraftFromHeadcountSchema>);
      // The normal create writes it: same owner, checks, totals, audit entry and live event.
      const created = await registeredResource(s, decl.name)!.create(req, reply, values as unknown as Row);
      return reply.status(201).send(created as z.infer<typeof invoiceSchema>);
    },
  );

  action(
    'send',
    'send',
    noBody,
    'Send a draft: the first send gives it the next number of its year, a later one keeps it',
    async (tx, row) => {
      if (!row.lines.length)
        throw unprocessable('An invoice without lines cannot be sent', 'invoice_no_lines', { lines: { code: 'invoice_no_lines' } });
      let number = row.number;
      if (!number) {
        number = await drawNumber(tx, row.issueDate);
        await sendProbe.afterNumber?.(number);
      }
      return { number, sentAt: new Date().toISOString() };
    },
  );

  action('backToDraft', 'back-to-draft', noBody, 'Take a sent invoice back to draft to correct it; it keeps its number', () => ({
    sentAt: null,
  }));

  action(
    'markPaid',
    'mark-paid',
    invoiceMarkPaidSchema,
    'Record the payment of a sent invoice: when, how much, and a note',
    (_tx, row, body) => {
      const digits = minorUnits(row.currency);
      if (parseDecimal(body.amount)!.scale > digits)
        throw unprocessable(`${row.currency} amounts have ${digits} decimals`, 'decimal_places', {
          amount: { code: 'decimal_places', params: { max: digits } },
        });
      if (body.paidAt > todayUtc())
        throw unprocessable('A payment cannot be dated in the future', 'future_date', { paidAt: { code: 'future_date' } });
      if (body.paidAt < row.issueDate)
        throw unprocessable('The payment is dated before the invoice was issued', 'paid_before_issue', {
          paidAt: { code: 'paid_before_issue', params: { date: row.issueDate } },
        });
      return { paidAt: body.paidAt, paidAmount: body.amount, paidNote: body.note };
    },
  );

  action(
    'cancel',
    'cancel',
    invoiceCancelSchema.optional(),
    'Cancel a draft or sent invoice; a numbered one keeps its number',
    (_tx, _row, body) => ({
      cancelledAt: new Date().toISOString(),
      cancelNote: body?.note ?? null,
    }),
  );
}
