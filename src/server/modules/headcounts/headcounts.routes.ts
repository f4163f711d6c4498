import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, or, sql, sum } from 'drizzle-orm';
import { z } from 'zod';
import {
  benchPersonSchema,
  shareLinkCreatedSchema,
  shareLinkCreateSchema,
  shareLinkSchema,
  sharedHeadcountSchema,
} from '../../../domain/modules/headcounts/headcounts.schema.js';
import { todayIn } from '../../../domain/modules/leave/leave.rules.js';
import type { Api } from '../../http/api.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { customers } from '../customers/customers.table.js';
import { projects } from '../projects/projects.table.js';
import { timesheets } from '../timesheets/timesheets.table.js';
import { users } from '../users/users.table.js';
import { headcounts, headcountShareLinks } from './headcounts.table.js';

// Headcount's own routes beside the kit's: the bench and a customer's read-only share links.

const today = () => new Date().toISOString().slice(0, 10);
const previousMonth = (month: string) => {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function registerHeadcountRoutes(app: Api, s: Services) {
  const tags = ['headcount'];
  const base = `/headcount`;

  app.get(
    `${base}/bench`,
    {
      config: { access: { resource: 'headcounts', action: 'bench' } },
      schema: { tags, summary: 'Active people with no seat today', response: { 200: z.array(benchPersonSchema) } },
    },
    async () => {
      const day = today();
      const seated = s.db
        .select({ userId: headcounts.userId })
        .from(headcounts)
        .where(
          and(
            isNull(headcounts.archivedAt),
            eq(headcounts.status, 'active'),
            sql`${headcounts.startDate} <= ${day}`,
            or(isNull(headcounts.endDate), sql`${headcounts.endDate} >= ${day}`),
          ),
        );
      const lastEnd = sql<
        string | null
      >`(select max(h.end_date)::text from headcounts h where h.user_id = ${users.id} and h.archived_at is null and h.end_date < ${day})`;
      return s.db
        .select({ id: users.id, fullName: users.fullName, title: users.title, level: users.level, lastSeatEnd: lastEnd })
        .from(users)
        .where(and(isNull(users.archivedAt), eq(users.status, 'active'), eq(users.role, 'developer'), sql`${users.id} not in (${seated})`))
        .orderBy(asc(users.fullName))
        .limit(500);
    },
  );

  const shareAccess = { resource: 'headcounts', action: 'share' } as const;

  /** A sale shares the customers they own; leads share any. */
  async function assertMayShare(user: { id: string; role: string }, customerId: string) {
    const [customer] = await s.db
      .select({ owner: customers.ownerSaleId })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.archivedAt)));
    if (!customer) throw notFound('Customer');
    if (user.role === 'sale' && customer.owner !== user.id) throw forbidden('You can share only the customers you own', 'not_owner');
  }

  app.post(
    `${base}/token`,
    {
      config: { access: shareAccess },
      schema: {
        tags,
        summary: "A read-only link to one customer's active headcount; the token is shown only now",
        body: shareLinkCreateSchema,
        response: { 201: shareLinkCreatedSchema },
      },
    },
    async (req, reply) => {
      const { customerId, expiresInDays } = req.body as z.infer<typeof shareLinkCreateSchema>;
      await assertMayShare(req.user!, customerId);
      const token = randomBytes(32).toString('base64url');
      const [link] = await s.db
        .insert(headcountShareLinks)
        .values({
          customerId,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + expiresInDays * 86_400_000).toISOString(),
          createdBy: req.user!.id,
        })
        .returning();
      const { tokenHash: _hash, ...rest } = link!;
      return reply.status(201).send({ ...rest, token });
    },
  );

  app.get(
    `${base}/token`,
    {
      config: { access: shareAccess },
      schema: {
        tags,
        summary: "A customer's share links, newest first",
        querystring: z.strictObject({ customerId: z.uuid({ message: 'invalid_id' }) }),
        response: { 200: z.array(shareLinkSchema) },
      },
    },
    async (req) => {
      const { customerId } = req.query as { customerId: string };
      await assertMayShare(req.user!, customerId);
      const { tokenHash: _hash, ...columns } = getTableColumns(headcountShareLinks);
      return s.db
        .select(columns)
        .from(headcountShareLinks)
        .where(eq(headcountShareLinks.customerId, customerId))
        .orderBy(desc(headcountShareLinks.createdAt));
    },
  );

  app.delete(
    `${base}/token/:id`,
    {
      config: { access: shareAccess },
      schema: {
        tags,
        summary: 'Revoke a share link',
        params: z.object({ id: z.uuid({ message: 'invalid_id' }) }),
        response: { 200: shareLinkSchema },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const [link] = await s.db.select().from(headcountShareLinks).where(eq(headcountShareLinks.id, id));
      if (!link) throw notFound('Share link');
      await assertMayShare(req.user!, link.customerId);
      const [revoked] = await s.db
        .update(headcountShareLinks)
        .set({ revokedAt: sql`coalesce(${headcountShareLinks.revokedAt}, now())` })
        .where(eq(headcountShareLinks.id, id))
        .returning();
      const { tokenHash: _hash, ...rest } = revoked!;
      return rest;
    },
  );

  /**
   * Hours each seat's person logged on the seat's project (on the seat itself when it names no
   * project), by month from `fromMonth` on: the customer sees only its own seats' work.
   */
  async function loggedHours(seats: Array<{ id: string; userId: string; projectId: string | null }>, fromMonth: string) {
    const out = new Map<string, number>();
    if (!seats.length) return out;
    const month = sql<string>`to_char(${timesheets.date}, 'YYYY-MM')`;
    const rows = await s.db
      .select({
        userId: timesheets.userId,
        projectId: timesheets.projectId,
        headcountId: timesheets.headcountId,
        month,
        hours: sum(timesheets.hours).mapWith(Number),
      })
      .from(timesheets)
      .where(and(inArray(timesheets.userId, [...new Set(seats.map((x) => x.userId))]), gte(timesheets.date, `${fromMonth}-01`)))
      .groupBy(timesheets.userId, timesheets.projectId, timesheets.headcountId, month);
    for (const seat of seats)
      for (const r of rows)
        if (r.userId === seat.userId && (seat.projectId ? r.projectId === seat.projectId : r.headcountId === seat.id))
          out.set(`${seat.id}|${r.month}`, (out.get(`${seat.id}|${r.month}`) ?? 0) + r.hours);
    return out;
  }

  // The customer's view: no sign-in, the token in a header (the page keeps it in the URL's
  // fragment, so it reaches neither server logs nor Referer headers).
  app.get(
    `${base}/token/view`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "What a share link shows: the customer's active seats",
        security: [],
        headers: z.object({ 'x-share-token': z.string().min(1).max(200) }),
        response: { 200: sharedHeadcountSchema },
      },
    },
    async (req) => {
      const token = String(req.headers['x-share-token']);
      const [link] = await s.db
        .select({ customerId: headcountShareLinks.customerId, expiresAt: headcountShareLinks.expiresAt, name: customers.name })
        .from(headcountShareLinks)
        .innerJoin(customers, and(eq(customers.id, headcountShareLinks.customerId), isNull(customers.archivedAt)))
        .where(
          and(
            eq(headcountShareLinks.tokenHash, hashToken(token)),
            isNull(headcountShareLinks.revokedAt),
            gt(headcountShareLinks.expiresAt, sql`now()`),
          ),
        );
      if (!link) throw notFound('Share link');
      const day = today();
      const seats = await s.db
        .select({
          id: headcounts.id,
          userId: headcounts.userId,
          projectId: headcounts.projectId,
          fullName: users.fullName,
          title: headcounts.title,
          project: projects.name,
          startDate: headcounts.startDate,
          endDate: headcounts.endDate,
          allocation: headcounts.allocation,
        })
        .from(headcounts)
        .innerJoin(users, eq(users.id, headcounts.userId))
        .leftJoin(projects, eq(projects.id, headcounts.projectId))
        .where(
          and(
            eq(headcounts.customerId, link.customerId),
            isNull(headcounts.archivedAt),
            eq(headcounts.status, 'active'),
            or(isNull(headcounts.endDate), sql`${headcounts.endDate} >= ${day}`),
          ),
        )
        .orderBy(asc(users.fullName));
      const months = { current: todayIn().slice(0, 7), previous: previousMonth(todayIn().slice(0, 7)) };
      const logged = await loggedHours(seats, months.previous);
      return {
        customer: { name: link.name },
        expiresAt: link.expiresAt,
        months,
        seats: seats.map(({ id, userId: _u, projectId: _p, ...seat }) => ({
          ...seat,
          hours: { current: logged.get(`${id}|${months.current}`) ?? 0, previous: logged.get(`${id}|${months.previous}`) ?? 0 },
        })),
      };
    },
  );
}
