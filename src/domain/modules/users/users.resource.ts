import { PRIVILEGED_ROLES, ROLES } from '../../auth/permissions.js';
import { randomSecret } from '../../imports.js';
import { defineResource, sectionRoles, standardAccess } from '../../resource.js';
import { USER_LEVELS, USER_STATUSES, userCreateSchema, userSchema, userUpdateSchema } from './users.schema.js';

/**
 * The password an imported account is created with: a secret of this process's own (drawn at
 * start, never shown nor sent), which the users module recognises and stores as no password at all:
 * the person sets theirs through "Forgot password". Hashing a throwaway secret per row would cost
 * an import of 10 000 people minutes of argon2 inside its transaction.
 */
export const IMPORTED_ACCOUNT_PASSWORD = randomSecret();

/** The firm's people and their accounts. Who may change a role is a rule in the users module. */
export const usersResource = defineResource({
  name: 'users',
  label: 'User',
  base: '/api/v1',
  path: 'user',
  route: '/users',
  section: 'users',
  // Every role but developer picks people: a sale picks an owner sale, a manager a team member.
  access: standardAccess('users', {
    lookup: ROLES.filter((r) => r !== 'developer'),
    import: sectionRoles('users').filter((r) => PRIVILEGED_ROLES.includes(r)),
  }),
  schemas: { entity: userSchema, create: userCreateSchema, update: userUpdateSchema },
  fields: {
    fullName: { type: 'string', sort: true, filter: 'search', list: true },
    email: { type: 'email', sort: true, filter: 'search', list: true, unique: true },
    role: { type: 'enum', values: ROLES, sort: true, filter: 'eq', list: true },
    status: {
      type: 'enum',
      values: USER_STATUSES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: { active: 'success', pending: 'warning', inactive: 'default' },
    },
    title: { type: 'string', filter: 'search', list: true },
    level: { type: 'enum', values: USER_LEVELS, filter: 'eq', list: true },
    managerId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq' },
    phone: { type: 'string', filter: 'search' },
    joinDate: { type: 'date', sort: true, filter: 'range', list: true },
    password: { type: 'password' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'fullName', order: 'asc' },
  recordTitle: 'fullName',
  globalSearch: { subtitle: ['email'] },
  // A person imported gets a first password nobody knows: they choose theirs through "forgot password".
  import: { key: ['email'], createDefaults: () => ({ password: IMPORTED_ACCOUNT_PASSWORD }) },
  softDelete: true,
  auditOmit: ['passwordHash', 'search'],
});
