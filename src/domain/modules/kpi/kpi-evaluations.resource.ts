import { z } from 'zod';
import { optionalText, rowShape, uuidRef } from '../../fields.js';
import { defineResource } from '../../resource.js';
import { statementEntityShape, statementListFields, statementStates } from '../../statements.js';
import { KPI_APPROVERS, KPI_READERS, KPI_WRITERS } from './kpi.rules.js';
import { QUARTER_PERIOD } from './kpi.schema.js';

export const quarterText = z.string().regex(QUARTER_PERIOD, { message: 'quarter_period' });

export const kpiEvaluationSchema = z.object({ ...rowShape, ...statementEntityShape, notes: z.string().nullable() });
export type KpiEvaluation = z.infer<typeof kpiEvaluationSchema>;
export const kpiEvaluationCreateSchema = z.strictObject({ userId: uuidRef, period: quarterText, notes: optionalText(4000) });
export const kpiEvaluationUpdateSchema = z.strictObject({ notes: optionalText(4000) }).partial();

/**
 * A quarter's evaluation of a person: the KPI statement of their targets and actuals (decision 021)
 * with the lead's notes. A lead creates it; admin or hr_lead approves it, and it freezes.
 */
export const kpiEvaluationsResource = defineResource({
  name: 'kpi-evaluations',
  label: 'Evaluation',
  base: '/api/v1',
  path: 'kpi-bonus/evaluation',
  route: '/kpi/evaluations',
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
    answer: KPI_WRITERS,
  },
  owner: { field: 'userId', roles: ['sale'], applies: 'all' },
  schemas: { entity: kpiEvaluationSchema, create: kpiEvaluationCreateSchema, update: kpiEvaluationUpdateSchema },
  fields: {
    period: { type: 'string', sort: true, filter: 'eq', list: true },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    ...statementListFields,
    notes: { type: 'text', filter: 'search' },
    approvedAt: { type: 'datetime', list: true, readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'period', order: 'desc' },
  recordTitle: 'period',
  softDelete: false,
  states: statementStates('statement_state', { pay: false }),
});
