import { defineResource } from '../../resource.js';
import { KPI_APPROVERS, KPI_READERS } from '../kpi/kpi.rules.js';
import { bonusScaleCreateSchema, bonusScaleSchema, bonusScaleUpdateSchema } from './bonus-scales.schema.js';

/**
 * The versions of the bonus rules. Everyone with the KPI section reads them (a sale sees how their
 * bonus is figured); admin and hr_lead, who approve evaluations, set them. A version a bonus was
 * approved under is kept as it was (its quarters are frozen): a change is a new version.
 */
export const bonusScalesResource = defineResource({
  name: 'bonus-scales',
  label: 'Bonus scale',
  base: '/api/v1',
  path: 'kpi-bonus/scale',
  route: '/kpi/bonus-scales',
  section: 'kpi',
  nav: false,
  access: {
    list: KPI_READERS,
    show: KPI_READERS,
    create: KPI_APPROVERS,
    edit: KPI_APPROVERS,
    delete: KPI_APPROVERS,
    export: KPI_READERS,
    lookup: KPI_READERS,
  },
  schemas: { entity: bonusScaleSchema, create: bonusScaleCreateSchema, update: bonusScaleUpdateSchema },
  fields: {
    effectiveFrom: { type: 'string', sort: true, filter: 'eq', list: true, unique: true },
    fundPercent: { type: 'decimal', sort: true, list: true },
    fundThreshold: { type: 'decimal', sort: true, list: true },
    note: { type: 'text', filter: 'search' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'effectiveFrom', order: 'desc' },
  recordTitle: 'effectiveFrom',
  softDelete: true,
});
