import type { ResourceProps } from '@refinedev/core';

// Refine resources. Only users is built; the other modules' routes render a
// "coming soon" page and get their resource entry when they are built.
export const RESOURCES: ResourceProps[] = [
  {
    name: 'users',
    list: '/users',
    create: '/users/new',
    edit: '/users/:id/edit',
    meta: { label: 'Users', section: 'users' },
  },
];
