import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { headcountsResource } from '../../../domain/modules/headcounts/headcounts.resource.js';
import {
  benchPersonSchema,
  shareLinkCreatedSchema,
  shareLinkCreateSchema,
  shareLinkSchema,
  sharedHeadcountSchema,
  type Headcount,
} from '../../../domain/modules/headcounts/headcounts.schema.js';
import { allocationPeak, MAX_ALLOCATION, type Seat } from '../../../domain/modules/headcounts/headcounts.rules.js';
import type { Api } from '../../http/api.js';
import type { ResourceModule, WriteContext } from '../../http/crud.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import type { Services } from '../../services.js';
import type { SeedContext, ServerModule } from '../module.js';
import { customers } from '../customers/customers.table.js';
import { projects } from '../projects/projects.table.js';
import { users } from '../users/users.table.js';
import { headcounts, headcountShareLinks } from './headcounts.table.js';

type HeadcountRow = typeof headcounts.$inferSelect;
const today = () => new Date().toISOString().slice(0, 10);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A person's seats add up to at most 100 % on any day; the other seats are named when they do not. */
async function assertAllocation(ctx: WriteContext, seat: Omit<Seat, 'id'> & { id?: string; userId: string }) {
  // One writer per person at a time, on every instance: two seats saved at once cannot both pass.
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`headcount:${seat.userId}`}))`);
  const others = await ctx.tx
    .select({
      id: headcounts.id,
      title: headcounts.title,
      customer: customers.name,
      allocation: headcounts.allocation,
      startDate: headcounts.startDate,
      endDate: headcounts.endDate,
      status: headcounts.status,
    })
    .from(headcounts)
    .leftJoin(customers, eq(customers.id, headcounts.customerId))
    .where(and(eq(headcounts.userId, seat.userId), isNull(headcounts.archivedAt), ne(headcounts.status, 'ended')));
  const { peak, sharing } = allocationPeak(seat, others as Array<Seat & { title: string; customer: string | null }>);
  if (peak <= MAX_ALLOCATION) return;
  const seats = (sharing as Array<Seat & { title: string; customer: string | null }>)
    .map((o) => `${o.title}${o.customer ? ` (${o.customer})` : ''} ${o.allocation} %`)
    .join(', ');
  throw unprocessable(`The person's seats would add up to ${peak} % with ${seats}; at most ${MAX_ALLOCATION} %`, 'allocation_over', {
    allocation: { code: 'allocation_over', params: { total: peak, seats } },
  });
}

const headcountsResourceModule: ResourceModule<HeadcountRow> = {
  decl: headcountsResource,
  table: headcounts,
  searchColumn: headcounts.search,
  async beforeCreate(input, ctx) {
    await assertProjectOfCustomer(ctx, input as Headcount);
    await assertAllocation(ctx, input as Headcount);
    return input;
  },
  async beforeUpdate(input, existing, ctx) {
    const next = { ...existing, ...input } as Headcount;
    await assertProjectOfCustomer(ctx, next);
    await assertAllocation(ctx, next);
    return input;
  },
};

/** A seat's project is one of its customer's. */
async function assertProjectOfCustomer(ctx: WriteContext, seat: Pick<Headcount, 'projectId' | 'customerId'>) {
  if (!seat.projectId) return;
  const [project] = await ctx.tx.select({ customerId: projects.customerId }).from(projects).where(eq(projects.id, seat.projectId));
  if (project && project.customerId !== seat.customerId)
    throw unprocessable("The project is another customer's", 'project_other_customer', { projectId: { code: 'project_other_customer' } });
}

export const headcountsModule: ServerModule = {
  name: 'headcounts',
  resource: headcountsResourceModule,
  routes: registerHeadcountRoutes,
  seed: seedHeadcounts,
};

function registerHeadcountRoutes(app: Api, s: Services) {
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
      return { customer: { name: link.name }, expiresAt: link.expiresAt, seats };
    },
  );
}

async function seedHeadcounts(db: Db, ctx: SeedContext) {
  const developers = ctx.users.filter((u) => u.role === 'developer');
  const sales = ctx.users.filter((u) => u.role === 'sale' || u.role === 'sale_lead');
  const recruiters = ctx.users.filter((u) => u.role === 'hr' || u.role === 'hr_lead');
  const firms = await db
    .select({ id: customers.id, currency: customers.currency, owner: customers.ownerSaleId })
    .from(customers)
    .where(eq(customers.status, 'active'))
    .orderBy(asc(customers.code));
  const work = await db.select({ id: projects.id, customerId: projects.customerId }).from(projects).orderBy(asc(projects.code));
  const year = new Date().getFullYear();
  // Monthly rates by currency, roughly what a senior engineer bills.
  const RATE: Record<string, number> = {
    USD: 6500,
    EUR: 6000,
    GBP: 5200,
    VND: 150_000_000,
    CNY: 45_000,
    AED: 24_000,
    SGD: 8500,
    JPY: 950_000,
    AUD: 9500,
  };
  const TITLES = [
    'Backend Engineer',
    'Frontend Engineer',
    'Full-stack Engineer',
    'QA Engineer',
    'DevOps Engineer',
    'Mobile Engineer',
    'Data Engineer',
  ];
  const rows: Array<typeof headcounts.$inferInsert> = [];
  // Most developers hold one full seat; a few split their time; the last four sit on the bench.
  developers.slice(0, Math.max(0, developers.length - 4)).forEach((dev, i) => {
    const firm = firms[i % firms.length]!;
    const project = work.find((p) => p.customerId === firm.id);
    const split = i % 6 === 5;
    const started = `${year - 1 - (i % 2)}-${String(1 + ((i * 5) % 12)).padStart(2, '0')}-01`;
    const seat = (f: typeof firm, allocation: number, suffix = '') => ({
      title: `${TITLES[i % TITLES.length]}${suffix}`,
      userId: dev.id,
      customerId: f.id,
      projectId: work.find((p) => p.customerId === f.id)?.id ?? null,
      billingRate: Math.round(((RATE[f.currency] ?? 6000) * allocation) / 100),
      rateUnit: 'month' as const,
      currency: f.currency,
      allocation,
      startDate: started,
      endDate: null,
      status: 'active' as const,
      saleId: f.owner ?? sales[i % sales.length]?.id ?? null,
      hrId: recruiters[i % recruiters.length]?.id ?? null,
      createdBy: f.owner ?? null,
    });
    if (split) {
      const other = firms[(i + 7) % firms.length]!;
      rows.push(seat(firm, 60), seat(other, 40, ' (part-time)'));
    } else rows.push({ ...seat(firm, 100), projectId: project?.id ?? null });
    // Earlier placements that ended make a history.
    if (i % 3 === 0) {
      const prev = firms[(i + 3) % firms.length]!;
      rows.push({ ...seat(prev, 100), startDate: `${year - 3}-03-01`, endDate: `${year - 2}-12-31`, status: 'ended' as const });
    }
  });
  // Seats signed and starting next month.
  developers.slice(-2).forEach((dev, i) => {
    const firm = firms[(i + 11) % firms.length]!;
    rows.push({
      title: 'Backend Engineer',
      userId: dev.id,
      customerId: firm.id,
      projectId: null,
      billingRate: RATE[firm.currency] ?? 6000,
      rateUnit: 'month',
      currency: firm.currency,
      allocation: 100,
      startDate: new Date(Date.UTC(year, new Date().getUTCMonth() + 1, 1)).toISOString().slice(0, 10),
      endDate: null,
      status: 'pending',
      saleId: firm.owner ?? null,
      hrId: recruiters[0]?.id ?? null,
      createdBy: firm.owner ?? null,
    });
  });
  if (rows.length) await db.insert(headcounts).values(rows);
}
