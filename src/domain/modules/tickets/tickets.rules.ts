import type { Role } from '../../auth/permissions.js';
import type { TicketStatus } from './tickets.schema.js';

/** Who handles the desk: sees every ticket, moves any, assigns; and who may be assigned. */
export const TICKET_HANDLERS: readonly Role[] = ['admin', 'hr_lead'];

export const isTicketHandler = (role: Role) => TICKET_HANDLERS.includes(role);

/** The moves of the status machine: forward one step, and back to open from resolved or closed (reopen). */
export const TICKET_MOVES: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  open: ['in_progress'],
  in_progress: ['resolved'],
  resolved: ['closed', 'open'],
  closed: ['open'],
};

/** The moves a requester makes on their own ticket: accept the resolution (close) or reopen it. */
const REQUESTER_MOVES: ReadonlyArray<readonly [TicketStatus, TicketStatus]> = [
  ['resolved', 'closed'],
  ['resolved', 'open'],
  ['closed', 'open'],
];

/**
 * Why a move is refused, or undefined when it may go ahead: `ticket_transition` (422) for a move
 * the machine does not have, `ticket_handler_only` (403) for a legal move that only a handler makes.
 */
export function ticketMoveRefusal(
  from: TicketStatus,
  to: TicketStatus,
  actor: { role: Role; isRequester: boolean },
): 'ticket_transition' | 'ticket_handler_only' | undefined {
  if (!TICKET_MOVES[from].includes(to)) return 'ticket_transition';
  if (isTicketHandler(actor.role)) return undefined;
  if (actor.isRequester && REQUESTER_MOVES.some(([f, t]) => f === from && t === to)) return undefined;
  return 'ticket_handler_only';
}

/** The moves the caller may make now: the buttons a ticket's page shows. */
export function ticketMovesFor(from: TicketStatus, actor: { role: Role; isRequester: boolean }): TicketStatus[] {
  return TICKET_MOVES[from].filter((to) => !ticketMoveRefusal(from, to, actor));
}

/** Fields a requester who is not a handler changes on their own ticket, and only while it is open. */
export const REQUESTER_EDITABLE = ['title', 'description'] as const;

/**
 * Why an edit is refused, or undefined. A handler changes any field at any status; a requester
 * changes the title and description of their own open ticket (403 for another field, 422 once the
 * desk has taken it on).
 */
export function ticketEditRefusal(
  changed: readonly string[],
  status: TicketStatus,
  role: Role,
): { code: 'ticket_handler_only'; field: string } | { code: 'ticket_not_open' } | undefined {
  if (isTicketHandler(role)) return undefined;
  const other = changed.find((f) => !(REQUESTER_EDITABLE as readonly string[]).includes(f));
  if (other) return { code: 'ticket_handler_only', field: other };
  if (changed.length && status !== 'open') return { code: 'ticket_not_open' };
  return undefined;
}

/** The notification a requester gets when their ticket moves to `to`: its type (the bell's look and translation) and English title. */
export const TICKET_NOTIFICATIONS: Readonly<Record<TicketStatus, { type: string; title: string }>> = {
  open: { type: 'ticket_reopened', title: 'Your ticket was reopened' },
  in_progress: { type: 'ticket_in_progress', title: 'Your ticket is in progress' },
  resolved: { type: 'ticket_resolved', title: 'Your ticket is resolved' },
  closed: { type: 'ticket_closed', title: 'Your ticket is closed' },
};

/** A move to resolved says how the ticket was handled: 422 `resolution_required` on `resolution` without it. */
export function ticketResolutionRefusal(to: TicketStatus, resolution: string | null | undefined): 'resolution_required' | undefined {
  return to === 'resolved' && !resolution?.trim() ? 'resolution_required' : undefined;
}

/**
 * Who replies on a ticket: its requester and the desk (a handler). A closed ticket is reopened
 * before the conversation goes on. Others do not read the ticket at all (its row scope: 404).
 */
export function ticketReplyRefusal(
  ticket: { status: TicketStatus; requesterId: string },
  actor: { role: Role; userId: string },
): 'ticket_reply_forbidden' | 'ticket_closed' | undefined {
  if (!isTicketHandler(actor.role) && ticket.requesterId !== actor.userId) return 'ticket_reply_forbidden';
  if (ticket.status === 'closed') return 'ticket_closed';
  return undefined;
}

/**
 * Who hears of a reply: the other side. The requester's reply goes to the assignee, or to every
 * handler while nobody has taken the ticket; the desk's reply goes to the requester (and to the
 * assignee when another handler wrote). Never to the author.
 */
export function ticketReplyRecipients(
  ticket: { requesterId: string; assigneeId: string | null },
  authorId: string,
  handlerIds: readonly string[],
): string[] {
  const side =
    authorId === ticket.requesterId ? (ticket.assigneeId ? [ticket.assigneeId] : handlerIds) : [ticket.requesterId, ticket.assigneeId];
  return [...new Set(side.filter((id): id is string => !!id && id !== authorId))];
}

export const TICKET_REPLY_NOTIFICATION = { type: 'ticket_reply', title: 'New reply on a ticket' } as const;
