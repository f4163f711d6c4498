import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../auth/permissions.js';
import { allowsAction, filterKeys, ownerAllowsWrite, type FieldDecl } from '../../resource.js';
import { ticketsResource as r } from './tickets.resource.js';
import { TICKET_HANDLERS } from './tickets.rules.js';
import { TICKET_CATEGORY_VALUES, TICKET_PRIORITY_VALUES, TICKET_STATUS_VALUES } from './tickets.schema.js';

const fields = Object.entries(r.fields) as Array<[string, FieldDecl]>;
const named = (pick: (f: FieldDecl) => unknown) => fields.filter(([, f]) => pick(f)).map(([n]) => n);
const requesters = ROLES.filter((role) => !TICKET_HANDLERS.includes(role));

describe('the tickets declaration', () => {
  it('is served at /api/v1/tickets and shown at /tickets, under the dashboard every role has', () => {
    expect(`${r.base}/${r.path}`).toBe('/api/v1/tickets');
    expect(r.route).toBe('/tickets');
    expect(r.section).toBe('dashboard');
    expect(r.label).toBe('Ticket');
    expect(r.recordTitle).toBe('title');
  });

  it('archives rather than deletes, and lists the newest first', () => {
    expect(r.softDelete).toBe(true);
    expect(r.defaultSort).toEqual({ field: 'createdAt', order: 'desc' });
  });

  it.each(ROLES.map((role) => [role, TICKET_HANDLERS.includes(role)] as const))(
    '%s files, reads, exports and moves tickets; archives them and lists assignees: %s',
    (role, handler) => {
      for (const action of ['list', 'show', 'create', 'edit', 'export', 'lookup', 'status', 'people'])
        expect(allowsAction(r, role, action), action).toBe(true);
      expect(allowsAction(r, role, 'delete')).toBe(handler);
      expect(allowsAction(r, role, 'assignees')).toBe(handler);
    },
  );
});

describe("a requester's own tickets", () => {
  const own = { requesterId: 'u-1' };
  const other = { requesterId: 'u-2' };

  it('the handlers are admin and hr_lead; every other role is a requester', () => {
    expect(requesters).toEqual(['sale_lead', 'developer', 'hr', 'sale', 'manager']);
    expect(r.owner.roles).toEqual(requesters);
  });

  it.each(requesters)('%s changes its own ticket only', (role) => {
    expect(ownerAllowsWrite(r, { id: 'u-1', role }, own)).toBe(true);
    expect(ownerAllowsWrite(r, { id: 'u-1', role }, other)).toBe(false);
  });

  it.each(TICKET_HANDLERS)("%s changes anyone's ticket", (role) => {
    expect(ownerAllowsWrite(r, { id: 'u-1', role }, other)).toBe(true);
  });

  it("a requester's scope also hides other people's tickets from their lists", () => {
    expect(r.owner.field).toBe('requesterId');
    expect(r.owner.applies).toBe('all');
  });
});

describe('the ticket list', () => {
  it('shows its columns in order', () => {
    expect(named((f) => f.list)).toEqual(['title', 'status', 'priority', 'category', 'requesterId', 'assigneeId', 'createdAt']);
  });

  it('sorts by title, status, priority, category and creation', () => {
    expect(named((f) => f.sort)).toEqual(['title', 'status', 'priority', 'category', 'createdAt']);
  });

  it('searches the title; filters the rest by their query keys', () => {
    expect(named((f) => f.filter === 'search')).toEqual(['title']);
    expect(fields.flatMap(([n, f]) => filterKeys(n, f).map((k) => k.key))).toEqual([
      'status',
      'status_ne',
      'priority',
      'priority_ne',
      'category',
      'category_ne',
      'requesterId',
      'requesterId_ne',
      'assigneeId',
      'assigneeId_ne',
      'customerId',
      'customerId_ne',
      'createdAt',
      'createdAt_gte',
      'createdAt_lte',
    ]);
  });

  it.each([
    ['status', TICKET_STATUS_VALUES],
    ['priority', TICKET_PRIORITY_VALUES],
    ['category', TICKET_CATEGORY_VALUES],
  ] as const)('%s takes the schema’s values', (field, values) => {
    expect(r.fields[field].values).toEqual(values);
  });

  it.each([
    ['status', { open: 'info', in_progress: 'warning', resolved: 'success', closed: 'default' }],
    ['priority', { low: 'default', normal: 'info', high: 'warning', urgent: 'error' }],
  ] as const)('%s chips are coloured by urgency', (field, colors) => {
    expect(r.fields[field].colors).toEqual(colors);
  });
});

describe('ticket fields', () => {
  // The status moves through `{id}/status` only; the requester is the caller.
  it('the server sets the status, the requester, the resolution (with the move to resolved) and the creation time', () => {
    expect(named((f) => f.readOnly)).toEqual(['status', 'requesterId', 'resolution', 'createdAt']);
    expect(named((f) => f.form === false)).toEqual(['status', 'requesterId', 'resolution', 'createdAt']);
  });

  // A developer may not look people up: the names come from the tickets' own `people` path.
  it.each(['requesterId', 'assigneeId'] as const)('%s names a person through the people path every role may call', (field) => {
    expect(r.fields[field].ref).toEqual({ resource: 'users', label: 'fullName', labels: 'people' });
    for (const role of ROLES as readonly Role[]) expect(allowsAction(r, role, r.fields[field].ref.labels)).toBe(true);
  });

  it('a customer is picked from the customers, by name', () => {
    expect(r.fields.customerId.ref).toEqual({ resource: 'customers', label: 'name' });
  });
});
