import { PRIVILEGED_ROLES } from '../../auth/permissions.js';
import { defineResource, standardAccess } from '../../resource.js';
import { CURRENCIES } from '../../fields.js';
import { SALARY_TRANSITIONS } from './salaries.rules.js';
import { SALARY_STATUS_VALUES, salaryCreateSchema, salarySchema, salaryUpdateSchema } from './salaries.schema.js';

const LEADS = [...PRIVILEGED_ROLES];

/**
 * One salary per person and month. Only the roles with the Salary section (admin, hr_lead,
 * sale_lead) ever read one, through any route: nobody else has a lookup, an export or a History of
 * them. Approving and recording the payment are actions of their own; the import is one too.
 */
export const salariesResource = defineResource({
  name: 'salaries',
  label: 'Salary',
  base: '/api/v1',
  path: 'salary',
  route: '/salary',
  section: 'salary',
  access: standardAccess('salary', { approve: LEADS, markPaid: LEADS, import: LEADS }),
  schemas: { entity: salarySchema, create: salaryCreateSchema, update: salaryUpdateSchema },
  fields: {
    month: { type: 'string', display: 'month', sort: true, filter: 'eq', list: true },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    base: { type: 'money', currencyField: 'currency', sort: true, filter: 'range' },
    allowance: { type: 'money', currencyField: 'currency', sort: true, filter: 'range' },
    overtime: { type: 'money', currencyField: 'currency', sort: true, filter: 'range' },
    bonus: { type: 'money', currencyField: 'currency', sort: true, filter: 'range' },
    commission: { type: 'money', currencyField: 'currency', sort: true, filter: 'range' },
    deductions: { type: 'money', currencyField: 'currency', sort: true, filter: 'range' },
    net: { type: 'money', currencyField: 'currency', sort: true, filter: 'range', list: true, readOnly: true, form: false },
    currency: { type: 'enum', values: CURRENCIES, sort: true, filter: 'eq', list: true },
    status: {
      type: 'enum',
      values: SALARY_STATUS_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      readOnly: true,
      form: false,
      colors: { draft: 'default', approved: 'info', paid: 'success' },
    },
    note: { type: 'text', filter: 'search' },
    paidAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'month', order: 'desc' },
  recordTitle: 'month',
  // Named as its card: its person and month (found by its month or note, as its list's search finds it).
  globalSearch: {},
  // A salary is its person's month: "Nguyễn Văn A · November 2026" on its card, its page and its confirmations.
  card: { title: ['userId', 'month'], figures: ['net'] },
  softDelete: true,
  // A salary belongs to its month: a closed month's salaries are read-only (decision 017).
  closesWithMonth: { field: 'month' },
  // Only a draft is edited (422 salary_locked); money paid is never archived (422 salary_paid).
  rowRights: { edit: (row) => row.status === 'draft', delete: (row) => row.status !== 'paid' },
  states: {
    field: 'status',
    refusal: 'salary_status',
    actions: {
      approve: {
        segment: 'approve',
        ...SALARY_TRANSITIONS.approve,
        stamp: 'approvedAt',
        bulk: true,
        summary: 'Approve a draft salary: it can no longer be edited nor re-imported',
      },
      markPaid: {
        segment: 'mark-paid',
        ...SALARY_TRANSITIONS.markPaid,
        stamp: 'paidAt',
        bulk: true,
        summary: 'Record an approved salary as paid: it is then never deleted',
      },
    },
  },
});
