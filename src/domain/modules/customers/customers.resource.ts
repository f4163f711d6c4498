import { PRIVILEGED_ROLES } from '../../auth/permissions.js';
import { defineResource, standardAccess } from '../../resource.js';
import { COUNTRY_CODES } from '../../countries.js';
import { CURRENCIES } from '../../fields.js';
import { DOCUMENT_LANGS } from '../../pdf.js';
import { CUSTOMER_STATUSES, customerCreateSchema, customerSchema, customerUpdateSchema } from './customers.schema.js';

/** The firm's clients. Sales keep their own accounts; leads keep all of them. */
export const customersResource = defineResource({
  name: 'customers',
  label: 'Customer',
  base: '/api/v1',
  path: 'customers',
  route: '/customers',
  section: 'customers',
  access: standardAccess('customers', {
    create: [...PRIVILEGED_ROLES, 'sale'],
    edit: [...PRIVILEGED_ROLES, 'sale'],
    import: [...PRIVILEGED_ROLES, 'sale'],
  }),
  // A sale edits the customers they own; everyone with the section reads them all.
  owner: { field: 'ownerSaleId', roles: ['sale'], applies: 'write' },
  schemas: { entity: customerSchema, create: customerCreateSchema, update: customerUpdateSchema },
  fields: {
    name: { type: 'string', sort: true, filter: 'search', list: true },
    code: { type: 'string', sort: true, filter: 'eq', list: true, unique: true },
    status: {
      type: 'enum',
      values: CUSTOMER_STATUSES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: { active: 'success', inactive: 'default' },
    },
    // A code, named in the reader's language: the list sorts by the code (VN after US), not by the name shown.
    country: { type: 'enum', values: COUNTRY_CODES, display: 'country', sort: true, filter: 'eq', list: true },
    // The account's owner is one of the firm's sales.
    ownerSaleId: {
      type: 'ref',
      ref: { resource: 'users', label: 'fullName', where: { role: ['sale', 'sale_lead'] } },
      filter: 'eq',
      list: true,
    },
    currency: { type: 'enum', values: CURRENCIES, filter: 'eq', sort: true },
    paymentTermsDays: { type: 'int', sort: true, filter: 'range', list: true },
    billingContact: { type: 'string', filter: 'search' },
    billingEmail: { type: 'email', filter: 'search' },
    taxId: { type: 'string' },
    // The invoice's language; empty: the firm's.
    language: { type: 'enum', values: DOCUMENT_LANGS, filter: 'eq' },
    address: { type: 'text' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'name', order: 'asc' },
  recordTitle: 'name',
  import: { key: ['code'] },
  softDelete: true,
  // Listed before an archive; work still running at the customer keeps it from being archived.
  dependants: [
    { resource: 'projects', field: 'customerId', live: { status: ['active', 'paused'] } },
    { resource: 'headcounts', field: 'customerId', live: { status: ['pending', 'active'] } },
    { resource: 'jobs', field: 'customerId', live: { status: ['open', 'on_hold'] } },
    { resource: 'invoices', field: 'customerId', live: { status: ['draft', 'sent'] } },
    { resource: 'tickets', field: 'customerId' },
  ],
});
