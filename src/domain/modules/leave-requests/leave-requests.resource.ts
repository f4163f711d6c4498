import { PRIVILEGED_ROLES } from '../../auth/permissions.js';
import { defineResource, sectionRoles, standardAccess } from '../../resource.js';
import {
  LEAVE_REQUEST_TYPE_VALUES,
  LEAVE_REQUEST_HALF_DAY_VALUES,
  LEAVE_REQUEST_STATUS_VALUES,
  leaveRequestCreateSchema,
  leaveRequestSchema,
  leaveRequestUpdateSchema,
} from './leave-requests.schema.js';

/**
 * Leave requests. Everyone asks for their own leave and reads their own requests; a manager also
 * reads their reports' (whose leave they approve); privileged roles read all. Requesters edit a
 * pending request and cancel their own; a request is approved through `{id}/approve`, never by
 * editing it. Deletion (archiving) is an administrative correction.
 */
export const leaveRequestsResource = defineResource({
  name: 'leave-requests',
  label: 'Leave request',
  base: '/api',
  path: 'leave-requests',
  route: '/leave',
  section: 'leave',
  access: standardAccess('leave', {
    create: sectionRoles('leave'),
    edit: sectionRoles('leave'),
    delete: ['admin', 'hr_lead'],
    mine: sectionRoles('leave'),
    cancel: sectionRoles('leave'),
    approve: [...PRIVILEGED_ROLES, 'manager'],
    dashboard: [...PRIVILEGED_ROLES],
    calendar: sectionRoles('leave'),
  }),
  owner: { field: 'userId', roles: ['developer', 'hr', 'sale', 'manager'], applies: 'all', managers: true },
  schemas: { entity: leaveRequestSchema, create: leaveRequestCreateSchema, update: leaveRequestUpdateSchema },
  fields: {
    reason: { type: 'string', sort: true, filter: 'search', list: true },
    type: {
      type: 'enum',
      values: LEAVE_REQUEST_TYPE_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
    },
    startDate: { type: 'date', sort: true, filter: 'range', list: true },
    endDate: { type: 'date', sort: true, filter: 'range', list: true },
    halfDay: { type: 'enum', values: LEAVE_REQUEST_HALF_DAY_VALUES, filter: 'eq' },
    days: { type: 'decimal', sort: true, filter: 'range', readOnly: true, list: true, form: false },
    status: {
      type: 'enum',
      values: LEAVE_REQUEST_STATUS_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      readOnly: true,
      form: false,
      colors: { pending: 'warning', approved: 'success', rejected: 'error', cancelled: 'default' },
    },
    userId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', readOnly: true, form: false },
    approvalsRequired: { type: 'int', readOnly: true, form: false },
    firstApproverId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', readOnly: true, form: false },
    firstApprovedAt: { type: 'datetime', readOnly: true, form: false },
    firstNote: { type: 'text', readOnly: true, form: false },
    approverId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', readOnly: true, form: false },
    decidedAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
    decisionNote: { type: 'text', readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'startDate', order: 'desc' },
  recordTitle: 'reason',
  softDelete: true,
});
