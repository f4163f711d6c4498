import { defineResource } from '../../resource.js';
import { CURRENCIES } from '../../fields.js';
import { KPI_APPROVERS, KPI_READERS, KPI_WRITERS } from '../kpi/kpi.rules.js';
import {
  PROJECT_BONUS_STATUS_VALUES,
  projectBonusCreateSchema,
  projectBonusSchema,
  projectBonusUpdateSchema,
} from './project-bonuses.schema.js';

/**
 * Bonuses for work on a project. The leads and admin grant them; a sale reads their own; admin and
 * hr_lead mark them paid (or back to unpaid), which is what the month's salary row then carries.
 * A paid bonus is not edited nor archived; a closed month's bonuses change no more.
 */
export const projectBonusesResource = defineResource({
  name: 'project-bonuses',
  label: 'Project bonus',
  base: '/api/v1',
  path: 'kpi-bonus/project-bonus',
  route: '/kpi/project-bonuses',
  section: 'kpi',
  access: {
    list: KPI_READERS,
    show: KPI_READERS,
    create: KPI_WRITERS,
    edit: KPI_WRITERS,
    delete: KPI_WRITERS,
    export: KPI_READERS,
    lookup: KPI_READERS,
    summary: KPI_READERS,
    markPaid: KPI_APPROVERS,
    markUnpaid: KPI_APPROVERS,
  },
  owner: { field: 'beneficiaryId', roles: ['sale'], applies: 'all' },
  schemas: { entity: projectBonusSchema, create: projectBonusCreateSchema, update: projectBonusUpdateSchema },
  fields: {
    reason: { type: 'string', sort: true, filter: 'search', list: true },
    beneficiaryId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    projectId: { type: 'ref', ref: { resource: 'projects', label: 'name' }, filter: 'eq', list: true },
    amount: { type: 'money', currencyField: 'currency', sort: true, filter: 'range', list: true },
    currency: { type: 'enum', values: CURRENCIES, filter: 'eq' },
    month: { type: 'string', sort: true, filter: 'eq', list: true, display: 'month' },
    status: {
      type: 'enum',
      values: PROJECT_BONUS_STATUS_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      readOnly: true,
      form: false,
      colors: { unpaid: 'warning', paid: 'success' },
    },
    paidAt: { type: 'datetime', sort: true, readOnly: true, form: false },
    note: { type: 'text' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'month', order: 'desc' },
  recordTitle: 'reason',
  softDelete: true,
  closesWithMonth: { field: 'month' },
  states: {
    field: 'status',
    refusal: 'project_bonus_status',
    actions: {
      markPaid: {
        segment: 'mark-paid',
        from: ['unpaid', 'paid'],
        to: 'paid',
        idempotent: true,
        stamp: 'paidAt',
        summary: 'Marks a project bonus paid (again: nothing changes)',
      },
      markUnpaid: {
        segment: 'mark-unpaid',
        from: ['paid', 'unpaid'],
        to: 'unpaid',
        idempotent: true,
        summary: 'Takes a paid project bonus back to unpaid (again: nothing changes)',
      },
    },
  },
});
