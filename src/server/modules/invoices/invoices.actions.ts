import type { z } from 'zod';
import type { invoiceCancelSchema, invoiceMarkPaidSchema } from '../../../domain/modules/invoices/invoices.schema.js';
import { minorUnits, parseDecimal } from '../../../domain/money.js';
import { unprocessable } from '../../http/errors.js';
import type { ActionStep } from '../../http/resource/index.js';
import { todayUtc, type InvoiceRow } from './invoices.read-model.js';
import type { InvoiceKind } from '../../../domain/modules/invoices/invoices.schema.js';
import { moveCredited } from './invoices.credit-notes.js';
import { drawNumber, sendProbe } from './invoices.writes.js';

/**
 * The invoice's own part of its state actions (declared in invoices.resource.ts; the kit locks,
 * checks the state and the precondition, audits and announces): the number a first send draws, and
 * what a payment must be.
 */
export const invoiceActions: Record<string, ActionStep<InvoiceRow>> = {
  send: {
    async apply(row, _body, { tx }) {
      if (!row.lines.length)
        throw unprocessable('An invoice without lines cannot be sent', 'invoice_no_lines', { lines: { code: 'invoice_no_lines' } });
      // A credit note is issued by its send: its invoice's credited sum moves first, or the send is refused.
      if (row.kind === 'credit_note') await moveCredited(tx, row, 'issue');
      let number = row.number;
      if (!number) {
        number = await drawNumber(tx, row.issueDate, row.kind as InvoiceKind);
        await sendProbe.afterNumber?.(number);
      }
      return { number, sentAt: new Date().toISOString() };
    },
  },
  backToDraft: {
    async apply(row, _body, { tx }) {
      if (row.kind === 'credit_note') await moveCredited(tx, row, 'withdraw');
      return { sentAt: null };
    },
  },
  markPaid: {
    apply(row, input) {
      const body = input as z.infer<typeof invoiceMarkPaidSchema>;
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
  },
  cancel: {
    async apply(row, input, { tx }) {
      if (row.kind === 'credit_note' && row.status === 'sent') await moveCredited(tx, row, 'withdraw');
      return {
        cancelledAt: new Date().toISOString(),
        cancelNote: (input as z.infer<typeof invoiceCancelSchema> | undefined)?.note ?? null,
      };
    },
  },
};
