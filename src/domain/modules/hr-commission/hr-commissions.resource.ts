import { z } from 'zod';
import { optionalText, rowShape, uuidRef } from '../../fields.js';
import { MONTH_PATTERN } from '../../months.js';
import { defineResource } from '../../resource.js';
import { statementEntityShape, statementListFields, statementStates } from '../../statements.js';
import { HR_COMMISSION_LEADS, HR_COMMISSION_READERS } from './hr-commission.rules.js';

export const monthPeriod = z.string().trim().regex(MONTH_PATTERN, { message: 'month' });

export const hrCommissionSchema = z.object({ ...rowShape, ...statementEntityShape, notes: z.string().nullable() });
export type HrCommission = z.infer<typeof hrCommissionSchema>;
export const hrCommissionCreateSchema = z.strictObject({ userId: uuidRef, period: monthPeriod, notes: optionalText(4000) });
export const hrCommissionUpdateSchema = z.strictObject({ notes: optionalText(4000) }).partial();

/**
 * A recruiter's month of HR commission: a statement (decision 022) of the placements whose probation
 * passed in that month, each their part of the matrix's amount. admin and hr_lead calculate, approve
 * and mark it paid (in an open month); an hr reads only their own.
 */
export const hrCommissionsResource = defineResource({
  name: 'hr-commissions',
  label: 'HR commission',
  base: '/api/v1',
  path: 'hr-commission',
  route: '/hr-commission/statements',
  section: 'hr-commission',
  nav: false,
  access: {
    list: HR_COMMISSION_READERS,
    show: HR_COMMISSION_READERS,
    create: HR_COMMISSION_LEADS,
    edit: HR_COMMISSION_LEADS,
    delete: HR_COMMISSION_LEADS,
    export: HR_COMMISSION_READERS,
    lookup: HR_COMMISSION_READERS,
    approve: HR_COMMISSION_LEADS,
    markPaid: HR_COMMISSION_LEADS,
    answer: HR_COMMISSION_LEADS,
    calculate: HR_COMMISSION_LEADS,
    dashboard: HR_COMMISSION_READERS,
    splits: HR_COMMISSION_LEADS,
  },
  owner: { field: 'userId', roles: ['hr'], applies: 'all' },
  schemas: { entity: hrCommissionSchema, create: hrCommissionCreateSchema, update: hrCommissionUpdateSchema },
  fields: {
    period: { type: 'string', sort: true, filter: 'eq', list: true, display: 'month' },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    ...statementListFields,
    notes: { type: 'text', filter: 'search' },
    approvedAt: { type: 'datetime', list: true, readOnly: true, form: false },
    paidAt: { type: 'datetime', list: true, readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'period', order: 'desc' },
  recordTitle: 'period',
  softDelete: false,
  closesWithMonth: { field: 'period' },
  states: statementStates('statement_state', { pay: true }),
});
