import { defineResource } from '../../resource.js';
import { HR_COMMISSION_LEADS, MATRIX_BASIS_VALUES } from './hr-commission.rules.js';
import {
  hrCommissionMatrixCreateSchema,
  hrCommissionMatrixSchema,
  hrCommissionMatrixUpdateSchema,
} from './hr-commission-matrices.schema.js';

/**
 * The HR commission matrix, one row per version (its effective month). Only admin and hr_lead read
 * and keep it (the spec's Matrix item); a recruiter sees what it gave them on their own statements.
 */
export const hrCommissionMatricesResource = defineResource({
  name: 'hr-commission-matrices',
  label: 'Commission matrix',
  base: '/api/v1',
  path: 'hr-commission/matrix',
  route: '/hr-commission/matrix',
  section: 'hr-commission',
  nav: false,
  access: {
    list: HR_COMMISSION_LEADS,
    show: HR_COMMISSION_LEADS,
    create: HR_COMMISSION_LEADS,
    edit: HR_COMMISSION_LEADS,
    delete: HR_COMMISSION_LEADS,
    export: HR_COMMISSION_LEADS,
    lookup: HR_COMMISSION_LEADS,
  },
  schemas: { entity: hrCommissionMatrixSchema, create: hrCommissionMatrixCreateSchema, update: hrCommissionMatrixUpdateSchema },
  fields: {
    effectiveMonth: { type: 'string', sort: true, filter: 'eq', list: true, unique: true, display: 'month' },
    basis: { type: 'enum', values: MATRIX_BASIS_VALUES, sort: true, filter: 'eq', list: true },
    intern: { type: 'decimal', list: true },
    junior: { type: 'decimal', list: true },
    middle: { type: 'decimal', list: true },
    senior: { type: 'decimal', list: true },
    lead: { type: 'decimal', list: true },
    billingPercent: { type: 'decimal', list: true },
    probationDays: { type: 'int', sort: true, filter: 'range' },
    note: { type: 'text', filter: 'search' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'effectiveMonth', order: 'desc' },
  recordTitle: 'effectiveMonth',
  softDelete: true,
});
