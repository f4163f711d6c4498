import { defineResource, sectionRoles } from '../../resource.js';
import { leaveMatrixCreateSchema, leaveMatrixSchema, leaveMatrixUpdateSchema } from './leave-matrix.schema.js';

const KEEPERS = ['admin', 'hr_lead'] as const;

/**
 * The leave matrix: a row per person per year. admin and hr_lead keep it (the spec's Matrix
 * navigation list); everyone reads their own row through `my-matrix`.
 */
export const leaveMatrixResource = defineResource({
  name: 'leave-matrix',
  label: 'Leave balance',
  base: '/api',
  path: 'leave-matrix',
  route: '/leave/matrix',
  section: 'leave',
  access: {
    list: [...KEEPERS],
    show: [...KEEPERS],
    create: [...KEEPERS],
    edit: [...KEEPERS],
    delete: [...KEEPERS],
    export: [...KEEPERS],
    lookup: [...KEEPERS],
    initialize: [...KEEPERS],
    mine: sectionRoles('leave'),
  },
  schemas: { entity: leaveMatrixSchema, create: leaveMatrixCreateSchema, update: leaveMatrixUpdateSchema },
  fields: {
    userName: { type: 'string', sort: true, filter: 'search', list: true },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq' },
    year: { type: 'int', display: 'year', sort: true, filter: 'range', list: true },
    entitlement: { type: 'decimal', sort: true, filter: 'range', list: true },
    carried: { type: 'decimal', sort: true, filter: 'range', list: true },
    used: { type: 'decimal', sort: true, filter: 'range', list: true, readOnly: true, form: false },
    pending: { type: 'decimal', sort: true, filter: 'range', list: true, readOnly: true, form: false },
    remaining: { type: 'decimal', sort: true, filter: 'range', list: true, readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'userName', order: 'asc' },
  recordTitle: 'userName',
  softDelete: false,
  // Reached from the Leave entry's Matrix child, not an entry of its own.
  nav: false,
});
