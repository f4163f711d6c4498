import { z } from 'zod';
import { optionalRef, optionalText, requiredText, rowShape } from '../../fields.js';

export const TICKET_CATEGORY_VALUES = ['access', 'equipment', 'payroll', 'leave', 'other'] as const;
export const TICKET_PRIORITY_VALUES = ['low', 'normal', 'high', 'urgent'] as const;
export const TICKET_STATUS_VALUES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUS_VALUES)[number];

/** A ticket: what the API returns. The requester and the status are the server's. */
export const ticketSchema = z.object({
  ...rowShape,
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(TICKET_CATEGORY_VALUES),
  priority: z.enum(TICKET_PRIORITY_VALUES),
  status: z.enum(TICKET_STATUS_VALUES),
  requesterId: z.uuid(),
  assigneeId: z.uuid().nullable(),
  customerId: z.uuid().nullable(),
  resolution: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

// What a person writes; the requester (the caller) and the status (open, then its moves) are set by the server.
const fields = {
  title: requiredText(200),
  description: optionalText(5000),
  category: z.enum(TICKET_CATEGORY_VALUES),
  priority: z.enum(TICKET_PRIORITY_VALUES),
  assigneeId: optionalRef,
  customerId: optionalRef,
};
// Someone who cannot tell the kind of their request files it under other; the desk recategorises it.
export const ticketCreateSchema = z.strictObject({
  ...fields,
  category: fields.category.default('other'),
  priority: fields.priority.default('normal'),
});
export const ticketUpdateSchema = z.strictObject(fields).partial();

/** A status move (`POST /tickets/:id/status`); a move to resolved says how the ticket was handled. */
export const ticketStatusSchema = z.strictObject({ status: z.enum(TICKET_STATUS_VALUES), resolution: optionalText(5000) });

/** A reply in a ticket's conversation, as the API returns it. */
export const ticketReplySchema = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  authorId: z.uuid(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketReply = z.infer<typeof ticketReplySchema>;

/** What a person writes to reply. */
export const ticketReplyCreateSchema = z.strictObject({ body: requiredText(5000) });
