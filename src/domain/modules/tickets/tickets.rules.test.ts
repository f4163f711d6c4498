import { describe, expect, it } from 'vitest';
import type { Role } from '../../auth/permissions.js';
import { ticketEditRefusal, ticketMoveRefusal, ticketMovesFor } from './tickets.rules.js';
import { ticketCreateSchema, TICKET_STATUS_VALUES, type TicketStatus } from './tickets.schema.js';

const handler = { role: 'hr_lead' as Role, isRequester: false };
const requester = { role: 'developer' as Role, isRequester: true };
const stranger = { role: 'sale_lead' as Role, isRequester: false };

describe('ticket status machine', () => {
  // Every pair of statuses: the machine's five moves, and nothing else.
  const legal = new Set(['open>in_progress', 'in_progress>resolved', 'resolved>closed', 'resolved>open', 'closed>open']);
  const pairs = TICKET_STATUS_VALUES.flatMap((from) => TICKET_STATUS_VALUES.map((to) => [from, to] as [TicketStatus, TicketStatus]));

  it.each(pairs)('a handler moves %s → %s only along the machine', (from, to) => {
    expect(ticketMoveRefusal(from, to, handler)).toBe(legal.has(`${from}>${to}`) ? undefined : 'ticket_transition');
  });

  it.each([
    ['open', 'in_progress', 'ticket_handler_only'],
    ['in_progress', 'resolved', 'ticket_handler_only'],
    ['resolved', 'closed', undefined],
    ['resolved', 'open', undefined],
    ['closed', 'open', undefined],
    ['open', 'closed', 'ticket_transition'],
    ['open', 'open', 'ticket_transition'],
  ] as const)('the requester moving their own %s → %s: %s', (from, to, refusal) => {
    expect(ticketMoveRefusal(from, to, requester)).toBe(refusal);
  });

  it('someone who is neither the requester nor a handler makes no move, a sale_lead included', () => {
    for (const [from, to] of pairs.filter(([f, t]) => legal.has(`${f}>${t}`)))
      expect(ticketMoveRefusal(from, to, stranger)).toBe('ticket_handler_only');
  });

  it('offers each caller the moves they may make', () => {
    expect(ticketMovesFor('open', handler)).toEqual(['in_progress']);
    expect(ticketMovesFor('resolved', handler)).toEqual(['closed', 'open']);
    expect(ticketMovesFor('open', requester)).toEqual([]);
    expect(ticketMovesFor('resolved', requester)).toEqual(['closed', 'open']);
    expect(ticketMovesFor('closed', requester)).toEqual(['open']);
    // admin handles as hr_lead does, whoever filed the ticket.
    expect(ticketMovesFor('in_progress', { role: 'admin', isRequester: true })).toEqual(['resolved']);
  });
});

describe('ticket edits', () => {
  it.each([
    [['title', 'description'], 'open', 'developer', undefined],
    [['title'], 'in_progress', 'developer', { code: 'ticket_not_open' }],
    [['priority'], 'open', 'developer', { code: 'ticket_handler_only', field: 'priority' }],
    [['assigneeId'], 'open', 'sale_lead', { code: 'ticket_handler_only', field: 'assigneeId' }],
    [[], 'closed', 'developer', undefined],
    [['assigneeId', 'priority', 'title'], 'closed', 'admin', undefined],
    [['customerId'], 'resolved', 'hr_lead', undefined],
  ] as const)('changing %j of a %s ticket as %s: %j', (changed, status, role, refusal) => {
    expect(ticketEditRefusal(changed, status, role)).toEqual(refusal);
  });
});

describe('ticket schemas', () => {
  it('a new ticket is normal priority, other unless told; requester and status are not the caller’s to send', () => {
    const ok = ticketCreateSchema.safeParse({ title: ' Mouse ', category: 'equipment' });
    expect(ok.success && ok.data).toMatchObject({ title: 'Mouse', category: 'equipment', priority: 'normal', assigneeId: null });
    expect(ticketCreateSchema.parse({ title: 'Mouse' }).category).toBe('other');
    expect(ticketCreateSchema.safeParse({ title: 'Mouse', category: 'equipment', status: 'closed' }).success).toBe(false);
    expect(ticketCreateSchema.safeParse({ title: 'Mouse', category: 'equipment', requesterId: crypto.randomUUID() }).success).toBe(false);
    expect(ticketCreateSchema.safeParse({ title: '  ', category: 'hardware' }).error?.issues.map((i) => i.path[0])).toEqual([
      'title',
      'category',
    ]);
  });
});
