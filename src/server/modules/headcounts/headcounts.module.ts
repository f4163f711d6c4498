import { and, count, eq, isNull, max, min, ne, or, sql } from 'drizzle-orm';
import { headcountsResource } from '../../../domain/modules/headcounts/headcounts.resource.js';
import type { Headcount } from '../../../domain/modules/headcounts/headcounts.schema.js';
import { allocationPeak, MAX_ALLOCATION, type Seat } from '../../../domain/modules/headcounts/headcounts.rules.js';
import type { Db } from '../../db/client.js';
import type { ResourceModule, WriteContext } from '../../http/resource/index.js';
import { unprocessable } from '../../http/errors.js';
import type { ServerModule } from '../module.js';
import { customers } from '../customers/customers.table.js';
import { projects } from '../projects/projects.table.js';
import { lockPerson } from '../timesheets/timesheets.service.js';
import { timesheets } from '../timesheets/timesheets.table.js';
import { registerHeadcountRoutes } from './headcounts.routes.js';
import { seedHeadcounts } from './headcounts.seed.js';
import { headcounts } from './headcounts.table.js';

type HeadcountRow = typeof headcounts.$inferSelect;

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

/** What places a seat's logged hours: its person, its project and its dates. */
const PLACING = ['userId', 'projectId', 'startDate', 'endDate'] as const;

/**
 * Hours logged on a seat keep it (their bill rate was taken from it): its dates cannot move past
 * them, nor its person or project change under them, or the hours would sit outside any seat.
 */
async function assertHoursInside(ctx: WriteContext, existing: HeadcountRow, next: HeadcountRow) {
  const changed = PLACING.filter((f) => next[f] !== existing[f]);
  if (!changed.length) return;
  // Hours being logged for the person wait for this write, so none lands outside the new dates.
  await lockPerson(ctx.tx as unknown as Db, existing.userId);
  const [outside] = await ctx.tx
    .select({ n: count(), from: min(timesheets.date), to: max(timesheets.date) })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.headcountId, existing.id),
        or(
          sql`${timesheets.date} < ${next.startDate}`,
          next.endDate ? sql`${timesheets.date} > ${next.endDate}` : undefined,
          ne(timesheets.userId, next.userId),
          next.projectId ? ne(timesheets.projectId, next.projectId) : sql`true`,
        ),
      ),
    );
  if (!outside || outside.n === 0) return;
  const issue = { code: 'seat_hours_outside', params: { entries: outside.n, from: outside.from ?? '', to: outside.to ?? '' } };
  throw unprocessable(
    `${outside.n} logged entries (${outside.from} – ${outside.to}) belong to this seat and would fall outside it`,
    'seat_hours_outside',
    Object.fromEntries(changed.map((f) => [f, issue])),
  );
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
    await assertHoursInside(ctx, existing, { ...existing, ...input } as HeadcountRow);
    return input;
  },
};

/** A seat's project is one of its customer's. */
async function assertProjectOfCustomer(ctx: WriteContext, seat: Pick<Headcount, 'projectId' | 'customerId'>) {
  if (!seat.projectId) return;
  // Shared lock: a change of the project's customer waits for this write, then counts it (projects module).
  const [project] = await ctx.tx
    .select({ customerId: projects.customerId })
    .from(projects)
    .where(eq(projects.id, seat.projectId))
    .for('share');
  if (project && project.customerId !== seat.customerId)
    throw unprocessable("The project is another customer's", 'project_other_customer', { projectId: { code: 'project_other_customer' } });
}

export const headcountsModule: ServerModule = {
  name: 'headcounts',
  resource: headcountsResourceModule,
  routes: registerHeadcountRoutes,
  seed: seedHeadcounts,
};
