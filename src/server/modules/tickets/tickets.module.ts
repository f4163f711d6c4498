import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Role } from '../../../domain/auth/permissions.js';
import {
  isTicketHandler,
  TICKET_HANDLERS,
  TICKET_NOTIFICATIONS,
  ticketEditRefusal,
  ticketMoveRefusal,
  ticketResolutionRefusal,
} from '../../../domain/modules/tickets/tickets.rules.js';
import { ticketsResource } from '../../../domain/modules/tickets/tickets.resource.js';
import { ticketStatusSchema, type Ticket } from '../../../domain/modules/tickets/tickets.schema.js';
import type { Api } from '../../http/api.js';
import type { ResourceModule } from '../../http/resource/index.js';
import type { Db } from '../../db/client.js';
import { AppError, unprocessable } from '../../http/errors.js';
import { searchCondition } from '../../http/paging.js';
import type { Services } from '../../services.js';
import { notify } from '../notifications/notifications.service.js';
import { users } from '../users/users.table.js';
import type { ServerModule } from '../module.js';
import { registerTicketReplies } from './tickets.replies.js';
import { seedTickets } from './tickets.seed.js';
import { tickets } from './tickets.table.js';

type TicketRow = typeof tickets.$inferSelect;
const asDb = (tx: unknown) => tx as Db;

const entity = (row: TicketRow): Ticket => {
  const { archivedAt: _a, search: _s, ...rest } = row;
  return rest as Ticket;
};

/** Only a handler is assigned: 422 on `assigneeId` for anyone else (the reference itself is checked by the kit). */
async function assertAssignable(db: Db, assigneeId: unknown) {
  if (typeof assigneeId !== 'string') return;
  const [person] = await db
    .select({ role: users.role, status: users.status })
    .from(users)
    .where(and(eq(users.id, assigneeId), isNull(users.archivedAt)));
  if (!person || !TICKET_HANDLERS.includes(person.role as Role) || person.status !== 'active')
    throw unprocessable('A ticket is assigned to an active admin or hr_lead', 'assignee_not_handler', {
      assigneeId: 'assignee_not_handler',
    });
}

/** 403 naming the field the caller may not set: the form shows it there. */
const handlerOnly = (field: string) =>
  new AppError(403, 'Only admin or hr_lead do this on a ticket', {
    code: 'ticket_handler_only',
    issues: { [field]: { code: 'ticket_handler_only' } },
  });

const ticketsResourceModule: ResourceModule<TicketRow> = {
  decl: ticketsResource,
  table: tickets,
  searchColumn: tickets.search,
  toEntity: entity,
  async beforeCreate(input, ctx) {
    // The requester is the caller, whatever the role; a ticket starts open.
    if (input.assigneeId != null && !isTicketHandler(ctx.user.role)) throw handlerOnly('assigneeId');
    await assertAssignable(asDb(ctx.tx), input.assigneeId);
    return { ...input, requesterId: ctx.user.id, status: 'open' };
  },
  async beforeUpdate(input, existing, ctx) {
    const changed = Object.keys(input).filter(
      (k) => JSON.stringify(input[k] ?? null) !== JSON.stringify(existing[k as keyof TicketRow] ?? null),
    );
    const refusal = ticketEditRefusal(changed, existing.status as Ticket['status'], ctx.user.role);
    if (refusal?.code === 'ticket_handler_only') throw handlerOnly(refusal.field);
    if (refusal?.code === 'ticket_not_open')
      throw unprocessable('The desk has taken this ticket on: only an open ticket is changed by its requester', 'ticket_not_open', {
        status: 'ticket_not_open',
      });
    // A new assignee only: a ticket kept by someone since moved off the desk is still edited.
    if (changed.includes('assigneeId')) await assertAssignable(asDb(ctx.tx), input.assigneeId);
    return input;
  },
  actions: {
    status: {
      apply(before, body, { user }) {
        const { status, resolution } = body as z.infer<typeof ticketStatusSchema>;
        const refusal = ticketMoveRefusal(before.status as Ticket['status'], status, {
          role: user.role,
          isRequester: before.requesterId === user.id,
        });
        if (refusal === 'ticket_handler_only') throw handlerOnly('status');
        if (refusal)
          throw unprocessable(`A ${before.status} ticket does not move to ${status}`, refusal, {
            status: { code: refusal, params: { from: before.status, to: status } },
          });
        if (ticketResolutionRefusal(status, resolution))
          throw unprocessable('Say how the ticket was handled to resolve it', 'resolution_required', {
            resolution: 'resolution_required',
          });
        return {
          status,
          // Taking an unassigned ticket on makes it the taker's.
          ...(status === 'in_progress' && !before.assigneeId ? { assigneeId: user.id } : {}),
          ...(status === 'resolved' ? { resolution: resolution!.trim() } : {}),
        };
      },
      // The requester hears of every move but their own.
      async after({ after, user, services }) {
        const note = TICKET_NOTIFICATIONS[after.status as Ticket['status']];
        await notify(services, [after.requesterId], {
          type: note.type,
          title: note.title,
          message: after.title,
          params: { ticketId: after.id, ticket: after.title },
          changedByUserId: user.id,
        });
      },
    },
  },
};

function registerTicketRoutes(app: Api, s: Services) {
  registerTicketReplies(app, s);
  const tags = ['tickets'];
  const access = (action: string) => ({ access: { resource: 'tickets', action } });

  const assigneesQuery = z.strictObject({
    q: z.string().trim().max(200).optional(),
    id: z
      .union([z.uuid({ message: 'invalid_id' }), z.array(z.uuid({ message: 'invalid_id' })).max(100)])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .optional(),
  });
  // The assignee picker's options: the active admins and hr_leads, as the kit's lookup answers.
  app.get(
    '/tickets/assignees',
    {
      config: access('assignees'),
      schema: {
        tags,
        summary: 'The people a ticket may be assigned to (active admin and hr_lead), as { id, label }',
        querystring: assigneesQuery,
        response: { 200: z.array(z.object({ id: z.uuid(), label: z.string() })) },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof assigneesQuery>;
      return s.db
        .select({ id: users.id, label: users.fullName })
        .from(users)
        .where(
          and(
            inArray(users.role, [...TICKET_HANDLERS]),
            eq(users.status, 'active'),
            isNull(users.archivedAt),
            q.id ? inArray(users.id, q.id) : undefined,
            q.q ? searchCondition(users.search, q.q) : undefined,
          ),
        )
        .orderBy(asc(users.fullName), asc(users.id))
        .limit(50);
    },
  );

  const peopleQuery = z.strictObject({
    id: z
      .union([z.uuid({ message: 'invalid_id' }), z.array(z.uuid({ message: 'invalid_id' })).max(100)])
      .transform((v) => (Array.isArray(v) ? v : [v])),
    // Sent by the client's label reader, as to the kit's lookup; the ids already bound the answer.
    limit: z.coerce.number().int().min(1).max(100).optional(),
  });
  // Names of the requesters and assignees of the tickets the caller reads, for the list and detail page.
  app.get(
    '/tickets/people',
    {
      config: access('people'),
      schema: {
        tags,
        summary: 'The names of the given people who file or handle a ticket the caller may read, as { id, label }',
        querystring: peopleQuery,
        response: { 200: z.array(z.object({ id: z.uuid(), label: z.string() })) },
      },
    },
    async (req) => {
      const user = req.user!;
      const { id } = req.query as z.infer<typeof peopleQuery>;
      const own = isTicketHandler(user.role) ? sql`true` : sql`t.requester_id = ${user.id}`;
      return s.db
        .select({ id: users.id, label: users.fullName })
        .from(users)
        .where(
          and(
            inArray(users.id, id),
            sql`exists (select 1 from tickets t where t.archived_at is null and ${own} and (t.requester_id = ${users.id} or t.assignee_id = ${users.id}))`,
          ),
        )
        .orderBy(asc(users.fullName))
        .limit(100);
    },
  );
}

export const ticketsModule: ServerModule = {
  name: 'tickets',
  resource: ticketsResourceModule,
  routes: registerTicketRoutes,
  seed: seedTickets,
};
