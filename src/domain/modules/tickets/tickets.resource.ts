import { ROLES } from '../../auth/permissions.js';
import { defineResource } from '../../resource.js';
import { TICKET_HANDLERS } from './tickets.rules.js';
import {
  TICKET_CATEGORY_VALUES,
  TICKET_PRIORITY_VALUES,
  TICKET_STATUS_VALUES,
  ticketCreateSchema,
  ticketSchema,
  ticketStatusSchema,
  ticketUpdateSchema,
} from './tickets.schema.js';

/**
 * The internal request desk. Every signed-in role files tickets and reads its own; admin and
 * hr_lead (the handlers) read, move and assign all of them. A requester edits their own open
 * ticket and closes or reopens it (the rules in tickets.rules.ts); the status moves only through
 * `{id}/status`. Not a section of the spec's table: it sits under Dashboard, the section every role
 * has (docs/decisions/015).
 */
export const ticketsResource = defineResource({
  name: 'tickets',
  label: 'Ticket',
  base: '/api/v1',
  path: 'tickets',
  route: '/tickets',
  section: 'dashboard',
  access: {
    list: ROLES,
    show: ROLES,
    create: ROLES,
    edit: ROLES,
    delete: TICKET_HANDLERS,
    export: ROLES,
    lookup: ROLES,
    status: ROLES,
    // The people a ticket may be assigned to, for the assignee picker.
    assignees: TICKET_HANDLERS,
    // The names of the requesters and assignees of the tickets one reads (a developer has no people lookup).
    people: ROLES,
    // The conversation: read and reply on the tickets one reads (the requester and the desk; the rules').
    replies: ROLES,
    reply: ROLES,
  },
  owner: { field: 'requesterId', roles: ROLES.filter((r) => !TICKET_HANDLERS.includes(r)), applies: 'all' },
  schemas: { entity: ticketSchema, create: ticketCreateSchema, update: ticketUpdateSchema },
  fields: {
    title: { type: 'string', sort: true, filter: 'search', list: true },
    status: {
      type: 'enum',
      values: TICKET_STATUS_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      readOnly: true,
      form: false,
      colors: { open: 'info', in_progress: 'warning', resolved: 'success', closed: 'default' },
    },
    priority: {
      type: 'enum',
      values: TICKET_PRIORITY_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      colors: { low: 'default', normal: 'info', high: 'warning', urgent: 'error' },
    },
    category: { type: 'enum', values: TICKET_CATEGORY_VALUES, sort: true, filter: 'eq', list: true },
    requesterId: {
      type: 'ref',
      ref: { resource: 'users', label: 'fullName', labels: 'people' },
      filter: 'eq',
      list: true,
      readOnly: true,
      form: false,
    },
    assigneeId: { type: 'ref', ref: { resource: 'users', label: 'fullName', labels: 'people' }, filter: 'eq', list: true },
    customerId: { type: 'ref', ref: { resource: 'customers', label: 'name' }, filter: 'eq' },
    description: { type: 'text' },
    // How the desk handled it: written with the move to resolved.
    resolution: { type: 'text', readOnly: true, form: false },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, list: true, form: false },
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  recordTitle: 'title',
  globalSearch: { subtitle: ['customerId'] },
  softDelete: true,
  // One move, to the status its body names: who may make which move is the rules' (ticketMoveRefusal).
  states: {
    field: 'status',
    refusal: 'ticket_move',
    actions: {
      status: {
        segment: 'status',
        from: TICKET_STATUS_VALUES,
        body: ticketStatusSchema,
        summary:
          'Move a ticket: open → in_progress → resolved → closed, and back to open from resolved or closed. Admin and hr_lead make every move; the requester closes or reopens their own',
      },
    },
  },
});
