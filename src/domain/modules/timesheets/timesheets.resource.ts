import { defineResource, sectionRoles, standardAccess } from '../../resource.js';
import { CURRENCIES } from '../../fields.js';
import { TIMESHEET_RATE_UNIT_VALUES, timesheetCreateSchema, timesheetSchema, timesheetUpdateSchema } from './timesheets.schema.js';

/**
 * Logwork. Everyone with the section logs their own hours (the week grid saves through
 * `cells`, action create). A developer reads only their own entries; the privileged roles and
 * hr (who see all developers' logwork) read everyone's, but only the privileged roles write for
 * someone else (the module's hooks). Closing a month is the firm's month close, admin's (decision 017).
 */
export const timesheetsResource = defineResource({
  name: 'timesheets',
  label: 'Timesheet',
  base: '/api/v1',
  path: 'timesheet',
  route: '/logwork',
  section: 'logworks',
  access: standardAccess('logworks', {
    create: sectionRoles('logworks'),
    edit: sectionRoles('logworks'),
    delete: sectionRoles('logworks'),
    allDevs: ['admin', 'sale_lead', 'hr_lead', 'hr'],
  }),
  owner: { field: 'userId', roles: ['developer', 'sale', 'manager'], applies: 'all' },
  schemas: { entity: timesheetSchema, create: timesheetCreateSchema, update: timesheetUpdateSchema },
  fields: {
    date: { type: 'date', sort: true, filter: 'range', list: true },
    projectId: { type: 'ref', ref: { resource: 'projects', label: 'name' }, filter: 'eq', list: true },
    hours: { type: 'decimal', sort: true, filter: 'range', list: true },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    note: { type: 'string', sort: true, filter: 'search', list: true },
    headcountId: { type: 'ref', ref: { resource: 'headcounts', label: 'title' }, filter: 'eq', readOnly: true, form: false },
    billRate: { type: 'money', currencyField: 'currency', sort: true, filter: 'range', readOnly: true, form: false },
    rateUnit: { type: 'enum', values: TIMESHEET_RATE_UNIT_VALUES, filter: 'eq', readOnly: true, form: false },
    currency: { type: 'enum', values: CURRENCIES, filter: 'eq', readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  // Newest logged first: what was just saved tops the list.
  defaultSort: { field: 'createdAt', order: 'desc' },
  recordTitle: 'note',
  softDelete: false,
  // An entry belongs to its day's month: a closed month's hours are read-only (decision 017).
  closesWithMonth: { field: 'date' },
});
