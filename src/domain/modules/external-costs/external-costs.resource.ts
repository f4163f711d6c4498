import { PRIVILEGED_ROLES } from '../../auth/permissions.js';
import { defineResource, sectionRoles, standardAccess } from '../../resource.js';
import { CURRENCIES } from '../../fields.js';
import {
  EXTERNAL_COST_CATEGORY_VALUES,
  externalCostCreateSchema,
  externalCostSchema,
  externalCostUpdateSchema,
} from './external-costs.schema.js';

/**
 * What the firm pays vendors (office, software, equipment, recruitment, marketing): direct to a
 * customer or project, else overhead. The spec's External Costs section reads (admin, hr, hr_lead,
 * sale, sale_lead, manager); as for every money record, the privileged roles write. A cost belongs to
 * the month of its date: a closed month's costs are read-only (decision 017).
 */
export const externalCostsResource = defineResource({
  name: 'external-costs',
  label: 'External cost',
  base: '/api/v1',
  path: 'external-costs',
  route: '/external-costs',
  section: 'external-costs',
  access: standardAccess('external-costs', { import: sectionRoles('external-costs').filter((r) => PRIVILEGED_ROLES.includes(r)) }),
  schemas: { entity: externalCostSchema, create: externalCostCreateSchema, update: externalCostUpdateSchema },
  fields: {
    date: { type: 'date', sort: true, filter: 'range', list: true },
    description: { type: 'string', sort: true, filter: 'search', list: true },
    // The form's own amount input takes it as decimal text, beside the currency and rate (the cost's form page).
    amount: { type: 'money', currencyField: 'currency', sort: true, filter: 'range', list: true },
    category: {
      type: 'enum',
      values: EXTERNAL_COST_CATEGORY_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: {
        office: 'default',
        software: 'info',
        equipment: 'secondary',
        recruitment: 'primary',
        marketing: 'warning',
        other: 'default',
      },
    },
    vendor: { type: 'string', sort: true, filter: 'search', list: true },
    customerId: { type: 'ref', ref: { resource: 'customers', label: 'name' }, filter: 'eq', list: true },
    projectId: { type: 'ref', ref: { resource: 'projects', label: 'name' }, filter: 'eq' },
    vendorInvoiceNumber: { type: 'string', sort: true, filter: 'search' },
    // Derived when read (a file in the vendor invoice slot): filtered, never stored nor sorted.
    vendorInvoiced: { type: 'boolean', filter: 'eq', list: true, readOnly: true, form: false },
    currency: { type: 'enum', values: CURRENCIES, sort: true, filter: 'eq' },
    note: { type: 'text' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'date', order: 'desc' },
  recordTitle: 'description',
  // A cost has no code of its own: the day, what it was and who was paid name it.
  import: { key: ['date', 'description', 'vendor'] },
  softDelete: true,
  closesWithMonth: { field: 'date' },
  files: {
    'upload-invoices': { field: 'invoices', label: 'Vendor invoice', types: ['pdf', 'png', 'jpeg'], many: true, maxFiles: 20 },
  },
});
