import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { customers } from '../customers/customers.table.js';
import { projects } from '../projects/projects.table.js';
import { headcounts } from './headcounts.table.js';

/** Placements of the demo firm: full and split seats, a history of ended ones, a bench, seats starting next month. */
export async function seedHeadcounts(db: Db, ctx: SeedContext) {
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
