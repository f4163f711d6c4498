import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Role } from '../../../domain/auth/permissions.js';
import {
  TICKET_HANDLERS,
  TICKET_REPLY_NOTIFICATION,
  ticketReplyRecipients,
  ticketReplyRefusal,
} from '../../../domain/modules/tickets/tickets.rules.js';
import { ticketReplyCreateSchema, ticketReplySchema, type Ticket } from '../../../domain/modules/tickets/tickets.schema.js';
import type { Api } from '../../http/api.js';
import { forbidden, unprocessable } from '../../http/errors.js';
import { registeredResource } from '../../http/resource/index.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import type { Db } from '../../db/client.js';
import { notify } from '../notifications/notifications.service.js';
import { users } from '../users/users.table.js';
import { ticketReplies } from './tickets.table.js';

const params = z.object({ id: z.uuid({ message: 'invalid_id' }) });

const repliesOf = (db: Db, ticketId: string, id?: string) =>
  db
    .select({
      id: ticketReplies.id,
      ticketId: ticketReplies.ticketId,
      authorId: ticketReplies.authorId,
      authorName: users.fullName,
      body: ticketReplies.body,
      createdAt: ticketReplies.createdAt,
    })
    .from(ticketReplies)
    .leftJoin(users, eq(users.id, ticketReplies.authorId))
    .where(and(eq(ticketReplies.ticketId, ticketId), id ? eq(ticketReplies.id, id) : undefined))
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));

/**
 * A ticket's conversation: whoever reads the ticket reads it (its row scope: 404 outside), its
 * requester and the desk reply. Each reply is audited on the ticket (its History) and the other
 * side is notified.
 */
export function registerTicketReplies(app: Api, s: Services) {
  const tags = ['tickets'];
  const ticketOf = async (user: NonNullable<import('fastify').FastifyRequest['user']>, id: string) =>
    (await registeredResource(s, 'tickets')!.findOne(user, id)) as unknown as Ticket;

  app.get(
    '/tickets/:id/replies',
    {
      config: { access: { resource: 'tickets', action: 'replies' } },
      schema: {
        tags,
        summary: "A ticket's conversation, oldest first (404 for a ticket the caller does not read)",
        params,
        response: { 200: z.object({ data: z.array(ticketReplySchema) }) },
      },
    },
    async (req) => {
      const { id } = req.params as z.infer<typeof params>;
      await ticketOf(req.user!, id);
      return { data: await repliesOf(s.db, id) };
    },
  );

  app.post(
    '/tickets/:id/replies',
    {
      config: { access: { resource: 'tickets', action: 'reply' } },
      schema: {
        tags,
        summary:
          'Replies on a ticket: its requester or admin/hr_lead (403 `ticket_reply_forbidden` for anyone else who reads it, 404 outside their scope); 422 `ticket_closed` on a closed ticket. The other side is notified',
        params,
        body: ticketReplyCreateSchema,
        response: { 201: ticketReplySchema },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const { id } = req.params as z.infer<typeof params>;
      const { body } = req.body as z.infer<typeof ticketReplyCreateSchema>;
      const ticket = await ticketOf(user, id);
      const refusal = ticketReplyRefusal(ticket, { role: user.role, userId: user.id });
      if (refusal === 'ticket_reply_forbidden') throw forbidden('Only the requester and the desk reply on a ticket', refusal);
      if (refusal) throw unprocessable('A closed ticket is reopened before the conversation goes on', refusal, { body: refusal });
      const created = await s.db.transaction(async (tx) => {
        const [row] = await tx.insert(ticketReplies).values({ ticketId: id, authorId: user.id, body }).returning();
        // In the ticket's History: who wrote what, when.
        await writeAudit(tx as unknown as Db, {
          actorId: user.id,
          entity: 'tickets',
          entityId: id,
          action: 'replied',
          after: { reply: body },
          requestId: req.id,
        });
        return row!;
      });
      const handlers =
        user.id === ticket.requesterId && !ticket.assigneeId
          ? (
              await s.db
                .select({ id: users.id })
                .from(users)
                .where(and(inArray(users.role, [...TICKET_HANDLERS] as Role[]), eq(users.status, 'active'), isNull(users.archivedAt)))
            ).map((u) => u.id)
          : [];
      await notify(s, ticketReplyRecipients(ticket, user.id, handlers), {
        type: TICKET_REPLY_NOTIFICATION.type,
        title: TICKET_REPLY_NOTIFICATION.title,
        message: ticket.title,
        params: { ticketId: id, ticket: ticket.title },
        changedByUserId: user.id,
      });
      const [out] = await repliesOf(s.db, id, created.id);
      return reply.code(201).send(out);
    },
  );
}
