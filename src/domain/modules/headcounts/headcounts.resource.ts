import { PRIVILEGED_ROLES } from '../../auth/permissions.js';
import { defineResource, sectionRoles, standardAccess } from '../../resource.js';
import { CURRENCIES } from '../../fields.js';
import {
  HEADCOUNT_RATE_UNIT_VALUES,
  HEADCOUNT_STATUS_VALUES,
  headcountCreateSchema,
  headcountSchema,
  headcountUpdateSchema,
} from './headcounts.schema.js';

/**
 * Placements: who sits where, at what rate. Sales sell them (and keep their own), leads keep all;
 * recruiters pick them (commissions) without the section. `share` makes and revokes a customer's
 * read-only link; `bench` lists the active people without a seat.
 */
export const headcountsResource = defineResource({
  name: 'headcounts',
  label: 'Headcount',
  base: '/api/v1',
  path: 'headcount',
  route: '/headcounts',
  section: 'headcount',
  access: standardAccess('headcount', {
    create: [...PRIVILEGED_ROLES, 'sale'],
    edit: [...PRIVILEGED_ROLES, 'sale'],
    import: [...PRIVILEGED_ROLES, 'sale'],
    lookup: [...PRIVILEGED_ROLES, 'hr', 'sale', 'manager'],
    share: [...PRIVILEGED_ROLES, 'sale'],
    bench: sectionRoles('headcount'),
  }),
  owner: { field: 'saleId', roles: ['sale'], applies: 'write' },
  schemas: { entity: headcountSchema, create: headcountCreateSchema, update: headcountUpdateSchema },
  fields: {
    title: { type: 'string', sort: true, filter: 'search', list: true },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    customerId: { type: 'ref', ref: { resource: 'customers', label: 'name' }, filter: 'eq', list: true },
    status: {
      type: 'enum',
      values: HEADCOUNT_STATUS_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: { pending: 'warning', active: 'success', ended: 'default' },
    },
    billingRate: { type: 'money', currencyField: 'currency', sort: true, filter: 'range', list: true },
    rateUnit: { type: 'enum', values: HEADCOUNT_RATE_UNIT_VALUES, sort: true, filter: 'eq', list: true },
    allocation: { type: 'int', sort: true, filter: 'range', list: true },
    startDate: { type: 'date', sort: true, filter: 'range', list: true },
    endDate: { type: 'date', sort: true, filter: 'range' },
    projectId: { type: 'ref', ref: { resource: 'projects', label: 'name' }, filter: 'eq' },
    saleId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq' },
    hrId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq' },
    jobId: { type: 'ref', ref: { resource: 'jobs', label: 'title' }, filter: 'eq' },
    currency: { type: 'enum', values: CURRENCIES, sort: true, filter: 'eq' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'title', order: 'asc' },
  recordTitle: 'title',
  // A placement is a person at a customer from a date.
  import: { key: ['userId', 'customerId', 'startDate'] },
  softDelete: true,
});
