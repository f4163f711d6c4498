import { PRIVILEGED_ROLES } from '../../auth/permissions.js';
import { defineResource, sectionRoles, standardAccess } from '../../resource.js';
import { CURRENCIES } from '../../fields.js';
import {
  CANDIDATE_LEVEL_VALUES,
  CANDIDATE_STATUS_VALUES,
  CANDIDATE_SOURCE_VALUES,
  candidateCreateSchema,
  candidateSchema,
  candidateUpdateSchema,
} from './candidates.schema.js';

/**
 * People the firm sources for its customers' jobs. Recruiters keep them (and their CVs, through
 * `edit`); everyone with the section reads them and downloads CVs (`show`); `hashtags` lists the
 * tags in use; `brandedCv` makes the firm's PDF of a profile, for whoever reads it.
 */
export const candidatesResource = defineResource({
  name: 'candidates',
  label: 'Candidate',
  base: '/api/v1',
  path: 'candidates',
  route: '/candidates',
  section: 'candidates',
  access: standardAccess('candidates', {
    create: [...PRIVILEGED_ROLES, 'hr'],
    edit: [...PRIVILEGED_ROLES, 'hr'],
    import: [...PRIVILEGED_ROLES, 'hr'],
    hashtags: sectionRoles('candidates'),
    brandedCv: sectionRoles('candidates'),
  }),
  schemas: { entity: candidateSchema, create: candidateCreateSchema, update: candidateUpdateSchema },
  fields: {
    fullName: { type: 'string', sort: true, filter: 'search', list: true },
    // Unique among live candidates, as is the phone's digits: the module names the other candidate.
    email: { type: 'email', sort: true, filter: 'eq', list: true },
    phone: { type: 'string', sort: true, filter: 'search', list: true },
    location: { type: 'string', sort: true, filter: 'search' },
    yearsOfExperience: { type: 'int', sort: true, filter: 'range', list: true },
    level: { type: 'enum', values: CANDIDATE_LEVEL_VALUES, sort: true, filter: 'eq', list: true },
    status: {
      type: 'enum',
      values: CANDIDATE_STATUS_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: { new: 'info', active: 'primary', placed: 'success', archived: 'default', blacklisted: 'error' },
    },
    techStackIds: { type: 'refs', ref: { resource: 'tech-stacks', label: 'name' }, filter: 'eq' },
    hashtags: { type: 'tags', filter: 'eq', list: true, suggestions: 'hashtags/all' },
    expectedSalary: { type: 'money', currencyField: 'currency', sort: true, filter: 'range' },
    noticePeriodDays: { type: 'int', sort: true, filter: 'range' },
    source: { type: 'enum', values: CANDIDATE_SOURCE_VALUES, sort: true, filter: 'eq' },
    ownerHrId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq' },
    currency: { type: 'enum', values: CURRENCIES, sort: true, filter: 'eq' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'fullName', order: 'asc' },
  recordTitle: 'fullName',
  // Many candidates come without an e-mail: their name is part of the key.
  import: { key: ['fullName', 'email'] },
  softDelete: true,
  // Replaced or deleted by recruiters (`edit`), downloaded by the section (`show`).
  files: {
    cv: { field: 'cv', label: 'CV', types: ['pdf', 'doc', 'docx'] },
    'cv-converted': { field: 'cvConverted', label: 'Converted CV', types: ['pdf', 'doc', 'docx'] },
  },
});
