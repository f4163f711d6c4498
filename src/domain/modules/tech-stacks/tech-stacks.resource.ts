import { ROLES } from '../../auth/permissions.js';
import { defineResource } from '../../resource.js';
import { TECH_STACK_CATEGORIES, techStackCreateSchema, techStackSchema, techStackUpdateSchema } from './tech-stacks.schema.js';

/** Skills that users, candidates, jobs and projects point to; recruiters keep the list. */
export const techStacksResource = defineResource({
  name: 'tech-stacks',
  label: 'Tech stack',
  base: '/api/v1',
  path: 'tech-stacks',
  route: '/tech-stacks',
  section: 'candidates',
  // Every role reads the list through the pickers; its keepers have it in the navigation.
  nav: { action: 'edit' },
  access: {
    list: ROLES,
    show: ROLES,
    create: ['admin', 'hr_lead', 'sale_lead', 'hr'],
    edit: ['admin', 'hr_lead', 'sale_lead', 'hr'],
    delete: ['admin', 'hr_lead', 'sale_lead'],
    import: ['admin', 'hr_lead', 'sale_lead', 'hr'],
    export: ROLES,
    lookup: ROLES,
  },
  schemas: { entity: techStackSchema, create: techStackCreateSchema, update: techStackUpdateSchema },
  fields: {
    name: { type: 'string', sort: true, filter: 'search', list: true, unique: true },
    category: { type: 'enum', values: TECH_STACK_CATEGORIES, sort: true, filter: 'eq', list: true },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'name', order: 'asc' },
  recordTitle: 'name',
  import: { key: ['name'] },
  softDelete: true,
  // A stack open jobs ask for stays; projects and candidates keep their past skills when it is archived.
  dependants: [
    { resource: 'jobs', field: 'techStackIds', live: { status: ['open', 'on_hold'] } },
    { resource: 'projects', field: 'techStackIds' },
    { resource: 'candidates', field: 'techStackIds' },
  ],
});
