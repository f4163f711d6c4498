import { ROLES } from '../../../domain/auth/permissions';

export const USER_ROLES = ROLES;
export const USER_STATUSES = ['pending', 'active', 'inactive'] as const;
export const USER_LEVELS = ['intern', 'junior', 'middle', 'senior', 'lead'] as const;

// The API's user shape, shared with the server.
export type { User } from '../../../domain/modules/users/users.schema';
