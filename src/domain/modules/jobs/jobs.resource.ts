import { PRIVILEGED_ROLES } from '../../auth/permissions.js';
import { defineResource, sectionRoles, standardAccess } from '../../resource.js';
import { CURRENCIES } from '../../fields.js';
import { JOB_LEVEL_VALUES, JOB_PRIORITY_VALUES, JOB_STATUS_VALUES, jobCreateSchema, jobSchema, jobUpdateSchema } from './jobs.schema.js';

/**
 * Customers' openings. Sales open and keep their own jobs (owner scope on writes), leads keep all;
 * the section reads them. `pipeline` reads a job's candidates, their history and CVs; `move` adds,
 * removes and moves candidates and keeps the CVs sent: recruiters, sales and leads.
 */
export const jobsResource = defineResource({
  name: 'jobs',
  label: 'Job',
  base: '/api/v1',
  path: 'jobs',
  route: '/jobs',
  section: 'jobs',
  access: standardAccess('jobs', {
    create: [...PRIVILEGED_ROLES, 'sale'],
    edit: [...PRIVILEGED_ROLES, 'sale'],
    import: [...PRIVILEGED_ROLES, 'sale'],
    pipeline: sectionRoles('jobs'),
    move: [...PRIVILEGED_ROLES, 'hr', 'sale'],
  }),
  owner: { field: 'ownerSaleId', roles: ['sale'], applies: 'write' },
  schemas: { entity: jobSchema, create: jobCreateSchema, update: jobUpdateSchema },
  fields: {
    title: { type: 'string', sort: true, filter: 'search', list: true },
    customerId: { type: 'ref', ref: { resource: 'customers', label: 'name' }, filter: 'eq', list: true },
    projectId: { type: 'ref', ref: { resource: 'projects', label: 'name' }, filter: 'eq' },
    techStackIds: { type: 'refs', ref: { resource: 'tech-stacks', label: 'name' }, filter: 'eq' },
    status: {
      type: 'enum',
      values: JOB_STATUS_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: { open: 'success', on_hold: 'warning', filled: 'info', closed: 'default' },
    },
    priority: {
      type: 'enum',
      values: JOB_PRIORITY_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: { low: 'default', medium: 'info', high: 'warning', urgent: 'error' },
    },
    level: { type: 'enum', values: JOB_LEVEL_VALUES, sort: true, filter: 'eq' },
    openings: { type: 'int', sort: true, filter: 'range', list: true },
    // Counted by the server from the pipeline's hires.
    filled: { type: 'int', sort: true, filter: 'range', readOnly: true, form: false },
    billRate: { type: 'money', currencyField: 'currency', sort: true, filter: 'range' },
    location: { type: 'string', sort: true, filter: 'search' },
    remote: { type: 'boolean', sort: true, filter: 'eq' },
    description: { type: 'text' },
    deadline: { type: 'date', sort: true, filter: 'range', list: true },
    ownerSaleId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq' },
    recruiterIds: { type: 'refs', ref: { resource: 'users', label: 'fullName' }, filter: 'eq' },
    currency: { type: 'enum', values: CURRENCIES, sort: true, filter: 'eq' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'title', order: 'asc' },
  recordTitle: 'title',
  // A job's title repeats across customers: the customer is part of its key.
  import: { key: ['title', 'customerId'] },
  softDelete: true,
});
