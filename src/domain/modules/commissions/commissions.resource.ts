import { z } from 'zod';
import type { Role } from '../../auth/permissions.js';
import { optionalText, rowShape, uuidRef } from '../../fields.js';
import { defineResource } from '../../resource.js';
import { statementEntityShape, statementListFields, statementStates } from '../../statements.js';
import { COMMISSION_READERS } from '../commission-plans/commission-plans.resource.js';
import { monthText } from '../invoices/invoices.schema.js';

/** Who calculates, approves and pays sales commission statements. */
export const COMMISSION_LEADS: readonly Role[] = ['admin', 'hr_lead', 'sale_lead'];

export const commissionSchema = z.object({
  ...rowShape,
  ...statementEntityShape,
  /** What the month pays: its total, or nothing when the total is negative (never a negative payment). */
  payable: z.string(),
  /** A negative total, owed back: the next month's statement carries it. */
  recoverable: z.string(),
  notes: z.string().nullable(),
});
export type Commission = z.infer<typeof commissionSchema>;
export const commissionCreateSchema = z.strictObject({ userId: uuidRef, period: monthText, notes: optionalText(4000) });
export const commissionUpdateSchema = z.strictObject({ notes: optionalText(4000) }).partial();

/**
 * A sale's month of commission (`/api/commission`): a statement (decision 022) of their plan
 * version over the month's base, tier by tier, with each invoice or payment it counts. A lead
 * calculates it (preview, then store), approves it (it freezes) and marks it paid (once; again
 * changes nothing). A later credit, cancellation or lowered payment in a frozen month is a clawback
 * line of the next open month's statement. A sale reads only their own.
 */
export const commissionsResource = defineResource({
  name: 'commissions',
  label: 'Commission statement',
  base: '/api',
  path: 'commission',
  route: '/commission',
  section: 'commission',
  access: {
    list: COMMISSION_READERS,
    show: COMMISSION_READERS,
    create: COMMISSION_LEADS,
    edit: COMMISSION_LEADS,
    delete: COMMISSION_LEADS,
    export: COMMISSION_READERS,
    lookup: COMMISSION_READERS,
    approve: COMMISSION_LEADS,
    markPaid: COMMISSION_LEADS,
    answer: COMMISSION_LEADS,
  },
  owner: { field: 'userId', roles: ['sale'], applies: 'all' },
  schemas: { entity: commissionSchema, create: commissionCreateSchema, update: commissionUpdateSchema },
  fields: {
    period: { type: 'string', display: 'month', sort: true, filter: 'range', list: true },
    userId: {
      type: 'ref',
      ref: { resource: 'users', label: 'fullName', where: { role: ['sale', 'sale_lead'] } },
      filter: 'eq',
      list: true,
    },
    ...statementListFields,
    payable: { type: 'decimal', list: true, readOnly: true, form: false },
    notes: { type: 'text', filter: 'search' },
    approvedAt: { type: 'datetime', list: true, readOnly: true, form: false },
    paidAt: { type: 'datetime', readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'period', order: 'desc' },
  recordTitle: 'period',
  softDelete: false,
  // A statement belongs to its month: a closed month's is neither calculated, approved nor paid (decision 017).
  closesWithMonth: { field: 'period' },
  states: statementStates('statement_state', { pay: true }),
});
