import { PRIVILEGED_ROLES, ROLES } from '../../auth/permissions.js';
import { defineResource, standardAccess } from '../../resource.js';
import { PROJECT_STATUSES, projectCreateSchema, projectSchema, projectUpdateSchema } from './projects.schema.js';

/** A customer's engagements, listed on their own and on the customer's page. Everyone who logs hours picks one. */
export const projectsResource = defineResource({
  name: 'projects',
  label: 'Project',
  base: '/api/v1',
  path: 'projects',
  route: '/projects',
  section: 'customers',
  access: standardAccess('customers', {
    create: [...PRIVILEGED_ROLES, 'sale'],
    edit: [...PRIVILEGED_ROLES, 'sale'],
    import: [...PRIVILEGED_ROLES, 'sale'],
    lookup: ROLES,
  }),
  schemas: { entity: projectSchema, create: projectCreateSchema, update: projectUpdateSchema },
  fields: {
    name: { type: 'string', sort: true, filter: 'search', list: true },
    code: { type: 'string', sort: true, filter: 'eq', list: true, unique: true },
    customerId: { type: 'ref', ref: { resource: 'customers', label: 'name' }, filter: 'eq', list: true },
    status: {
      type: 'enum',
      values: PROJECT_STATUSES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: { active: 'success', paused: 'warning', closed: 'default' },
    },
    startDate: { type: 'date', sort: true, filter: 'range', list: true },
    endDate: { type: 'date', sort: true, filter: 'range', list: true },
    techStackIds: { type: 'refs', ref: { resource: 'tech-stacks', label: 'name' }, filter: 'eq' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'name', order: 'asc' },
  recordTitle: 'name',
  import: { key: ['code'] },
  softDelete: true,
  dependants: [
    { resource: 'headcounts', field: 'projectId', live: { status: ['pending', 'active'] } },
    { resource: 'jobs', field: 'projectId', live: { status: ['open', 'on_hold'] } },
    { resource: 'invoices', field: 'projectId' },
  ],
});
