import { defineResource } from '../../resource.js';
import { KPI_READERS, KPI_WRITERS } from './kpi.rules.js';
import { kpiCreateSchema, kpiSchema, kpiUpdateSchema } from './kpi.schema.js';

/**
 * A person's KPI targets for a quarter: metrics with target, weight and cap (decision 021). The
 * leads and admin set them for anyone; a sale reads their own. A person whose role has no KPI
 * section (a recruiter, a developer) reads their own through `my-kpi` and `my-progress`.
 */
export const kpiResource = defineResource({
  name: 'kpi',
  label: 'KPI',
  base: '/api/v1',
  path: 'kpi',
  route: '/kpi',
  section: 'kpi',
  access: {
    list: KPI_READERS,
    show: KPI_READERS,
    create: KPI_WRITERS,
    edit: KPI_WRITERS,
    delete: KPI_WRITERS,
    export: KPI_READERS,
    lookup: KPI_READERS,
    dashboard: KPI_READERS,
    progress: KPI_READERS,
  },
  owner: { field: 'userId', roles: ['sale'], applies: 'all' },
  schemas: { entity: kpiSchema, create: kpiCreateSchema, update: kpiUpdateSchema },
  fields: {
    period: { type: 'string', sort: true, filter: 'eq', list: true, readOnly: true, form: false },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', list: true },
    year: { type: 'int', sort: true, filter: 'eq', list: true, display: 'year' },
    quarter: { type: 'int', sort: true, filter: 'eq', list: true },
    note: { type: 'string', filter: 'search', list: true },
    targetBonus: { type: 'decimal' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'period', order: 'desc' },
  recordTitle: 'period',
  softDelete: true,
});
