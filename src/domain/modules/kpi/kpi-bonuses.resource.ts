import { z } from 'zod';
import { optionalText, rowShape, uuidRef } from '../../fields.js';
import { defineResource } from '../../resource.js';
import { statementEntityShape, statementListFields, statementStates } from '../../statements.js';
import { quarterText } from './kpi-evaluations.resource.js';
import { KPI_APPROVERS, KPI_READERS, KPI_WRITERS } from './kpi.rules.js';

export const kpiBonusSchema = z.object({ ...rowShape, ...statementEntityShape, note: z.string().nullable() });
export type KpiBonus = z.infer<typeof kpiBonusSchema>;
export const kpiBonusCreateSchema = z.strictObject({ userId: uuidRef, period: quarterText, note: optionalText(2000) });
export const kpiBonusUpdateSchema = z.strictObject({ note: optionalText(2000) }).partial();

/** `POST …/calculate-bonus`: the quarter's bonus drafts of everyone evaluated, or of one person. */
export const calculateBonusSchema = z.strictObject({ period: quarterText, userId: uuidRef.optional() });
export const calculateBonusResultSchema = z.object({
  period: z.string(),
  created: z.number().int(),
  recomputed: z.number().int(),
  frozen: z.number().int(),
  bonuses: z.array(kpiBonusSchema),
});

/**
 * A person's quarter bonus: a statement (decision 022) from their approved evaluation, their target
 * bonus and the bonus scale in force that quarter, in the base currency. Approved by admin or
 * hr_lead, then marked paid, which adds it to the salary of the month it is paid in.
 */
export const kpiBonusesResource = defineResource({
  name: 'kpi-bonuses',
  label: 'Quarter bonus',
  base: '/api/v1',
  path: 'kpi-bonus/bonus',
  route: '/kpi/bonuses',
  section: 'kpi',
  nav: false,
  access: {
    list: KPI_READERS,
    show: KPI_READERS,
    create: KPI_WRITERS,
    edit: KPI_WRITERS,
    delete: KPI_WRITERS,
    export: KPI_READERS,
    lookup: KPI_READERS,
    approve: KPI_APPROVERS,
    markPaid: KPI_APPROVERS,
    answer: KPI_WRITERS,
    calculate: KPI_WRITERS,
    // The bonus fund: the leads read it (it shows the quarter's profit), a sale their own share;
    // admin and hr_lead allocate it and pay the shares.
    fund: KPI_WRITERS,
    fundShare: KPI_READERS,
    allocateFund: KPI_APPROVERS,
    payFundShare: KPI_APPROVERS,
  },
  owner: { field: 'userId', roles: ['sale'], applies: 'all' },
  schemas: { entity: kpiBonusSchema, create: kpiBonusCreateSchema, update: kpiBonusUpdateSchema },
  fields: {
    period: { type: 'string', sort: true, filter: 'eq', list: true },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    ...statementListFields,
    unit: { type: 'string', list: true, readOnly: true, form: false },
    note: { type: 'text', filter: 'search' },
    paidAt: { type: 'datetime', list: true, readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'period', order: 'desc' },
  recordTitle: 'period',
  softDelete: false,
  states: statementStates('statement_state', { pay: true }),
});
