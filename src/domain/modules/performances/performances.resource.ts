import { defineResource } from '../../resource.js';
import { KPI_READERS, KPI_WRITERS } from '../kpi/kpi.rules.js';
import { performanceCreateSchema, performanceSchema, performanceUpdateSchema } from './performances.schema.js';

/**
 * Performance records: a monthly score per person (0–100). The leads rate; a sale reads their own.
 * A KPI metric of kind `performance` counts the quarter's average, each record a linked input.
 */
export const performancesResource = defineResource({
  name: 'performances',
  label: 'Performance record',
  base: '/api/v1',
  path: 'kpi-bonus/performance',
  route: '/kpi/performance',
  section: 'kpi',
  nav: false,
  access: {
    list: KPI_READERS,
    show: KPI_READERS,
    create: KPI_WRITERS,
    edit: KPI_WRITERS,
    delete: KPI_WRITERS,
    export: KPI_READERS,
    lookup: KPI_READERS,
  },
  owner: { field: 'userId', roles: ['sale'], applies: 'all' },
  schemas: { entity: performanceSchema, create: performanceCreateSchema, update: performanceUpdateSchema },
  fields: {
    month: { type: 'string', display: 'month', sort: true, filter: 'eq', list: true },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    score: { type: 'decimal', sort: true, filter: 'range', list: true },
    note: { type: 'text', filter: 'search' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'month', order: 'desc' },
  recordTitle: 'month',
  softDelete: true,
});
