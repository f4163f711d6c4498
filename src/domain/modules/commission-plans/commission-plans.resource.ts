import type { Role } from '../../auth/permissions.js';
import { defineResource } from '../../resource.js';
import {
  COMMISSION_PLAN_BASIS_VALUES,
  COMMISSION_PLAN_MODE_VALUES,
  commissionPlanCreateSchema,
  commissionPlanSchema,
  commissionPlanUpdateSchema,
} from './commission-plans.schema.js';

/** Who reads sales commission (a sale: their own). */
export const COMMISSION_READERS: readonly Role[] = ['admin', 'hr_lead', 'sale_lead', 'sale'];
/** Who changes the matrix: the plans and their versions. */
export const COMMISSION_PLAN_KEEPERS: readonly Role[] = ['admin', 'hr_lead'];

/**
 * The sales commission matrix (`/api/commission/matrix`): each row a version of a sale's plan, from
 * its effective month on. Admin and hr_lead keep it; the leads read it, a sale their own. A version
 * a frozen (approved or paid) month used is never edited nor archived: a change is a new version
 * from a later month (409 `plan_in_use`).
 */
export const commissionPlansResource = defineResource({
  name: 'commission-plans',
  label: 'Commission plan',
  base: '/api',
  path: 'commission/matrix',
  route: '/commission/matrix',
  section: 'commission',
  access: {
    list: COMMISSION_READERS,
    show: COMMISSION_READERS,
    create: COMMISSION_PLAN_KEEPERS,
    edit: COMMISSION_PLAN_KEEPERS,
    delete: COMMISSION_PLAN_KEEPERS,
    export: COMMISSION_READERS,
    lookup: COMMISSION_READERS,
  },
  owner: { field: 'userId', roles: ['sale'], applies: 'all' },
  // The matrix is its keepers' item (spec: Commission › Matrix for admin and hr_lead).
  nav: { action: 'create' },
  schemas: { entity: commissionPlanSchema, create: commissionPlanCreateSchema, update: commissionPlanUpdateSchema },
  fields: {
    name: { type: 'string', sort: true, filter: 'search', list: true },
    userId: {
      type: 'ref',
      ref: { resource: 'users', label: 'fullName', where: { role: ['sale', 'sale_lead'] } },
      filter: 'eq',
      list: true,
    },
    effectiveFrom: { type: 'string', display: 'month', sort: true, filter: 'range', list: true },
    basis: { type: 'enum', values: COMMISSION_PLAN_BASIS_VALUES, sort: true, filter: 'eq', list: true },
    mode: { type: 'enum', values: COMMISSION_PLAN_MODE_VALUES, sort: true, filter: 'eq', list: true },
    note: { type: 'text' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'effectiveFrom', order: 'desc' },
  recordTitle: 'name',
  softDelete: true,
});
