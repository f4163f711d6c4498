import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { headcountsResource } from '../../../domain/modules/headcounts/headcounts.resource.js';
import type { Headcount } from '../../../domain/modules/headcounts/headcounts.schema.js';
import { allocationPeak, MAX_ALLOCATION, type Seat } from '../../../domain/modules/headcounts/headcounts.rules.js';
import type { ResourceModule, WriteContext } from '../../http/crud.js';
import { unprocessable } from '../../http/errors.js';
import type { ServerModule } from '../module.js';
import { customers } from '../customers/customers.table.js';
import { projects } from '../projects/projects.table.js';
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
