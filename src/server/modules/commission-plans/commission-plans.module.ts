import { and, desc, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import { tierProblems, type CommissionTier } from '../../../domain/modules/commission-plans/commission-plans.rules.js';
import { commissionPlansResource } from '../../../domain/modules/commission-plans/commission-plans.resource.js';
import type { Api } from '../../http/api.js';
import { conflict, methodNotAllowed, unprocessable } from '../../http/errors.js';
import type { ResourceModule, Tx } from '../../http/resource/index.js';
import { commissions } from '../commissions/commissions.table.js';
import type { ServerModule } from '../module.js';
import { seedCommissionPlans } from './commission-plans.seed.js';
import { commissionPlans } from './commission-plans.table.js';

type Row = typeof commissionPlans.$inferSelect;

/** The latest frozen (approved or paid) month of a sale in [from, to). */
async function frozenMonth(tx: Tx, userId: string, from: string, to?: string) {
  const [row] = await tx
    .select({ period: commissions.period })
    .from(commissions)
    .where(
      and(
        eq(commissions.userId, userId),
        ne(commissions.state, 'draft'),
        gte(commissions.period, from),
        to ? lt(commissions.period, to) : undefined,
      ),
    )
    .orderBy(desc(commissions.period))
    .limit(1);
  return row?.period;
}

/** The month a version applies until (the sale's next version), if any. */
async function nextVersion(tx: Tx, row: { id?: string; userId: string; effectiveFrom: string }) {
  const [next] = await tx
    .select({ effectiveFrom: commissionPlans.effectiveFrom })
    .from(commissionPlans)
    .where(
      and(
        eq(commissionPlans.userId, row.userId),
        gt(commissionPlans.effectiveFrom, row.effectiveFrom),
        isNull(commissionPlans.archivedAt),
        row.id ? ne(commissionPlans.id, row.id) : undefined,
      ),
    )
    .orderBy(commissionPlans.effectiveFrom)
    .limit(1);
  return next?.effectiveFrom;
}

/** A version a frozen month used is kept as it was: a change is a new version from a later month. */
async function assertUnused(tx: Tx, row: Row) {
  const month = await frozenMonth(tx, row.userId, row.effectiveFrom, await nextVersion(tx, row));
  if (month)
    throw conflict(`${month} was approved with this version: add a version effective from a later month`, 'plan_in_use', {
      effectiveFrom: { code: 'plan_in_use', params: { month } },
    });
}

/** Tiers contiguous and rates sane (422 naming the tiers); one version per sale and month; never from a frozen month on. */
async function checkVersion(tx: Tx, plan: { userId: string; effectiveFrom: string; tiers: CommissionTier[] }, exceptId?: string) {
  const problems = tierProblems(plan.tiers);
  if (Object.keys(problems).length)
    throw unprocessable('The tiers must run from 0 without gaps or overlaps, at rates from 0 to 100 %', 'plan_tiers', problems);
  const [twin] = await tx
    .select({ id: commissionPlans.id })
    .from(commissionPlans)
    .where(
      and(
        eq(commissionPlans.userId, plan.userId),
        eq(commissionPlans.effectiveFrom, plan.effectiveFrom),
        isNull(commissionPlans.archivedAt),
        exceptId ? ne(commissionPlans.id, exceptId) : undefined,
      ),
    );
  if (twin)
    throw conflict('This sale already has a version from this month', 'plan_version_exists', { effectiveFrom: 'plan_version_exists' });
  // The months it would apply to: from its own month until the sale's next version.
  const month = await frozenMonth(tx, plan.userId, plan.effectiveFrom, await nextVersion(tx, { ...plan, id: exceptId }));
  if (month)
    throw conflict(`${month} is approved already: a new version takes effect after it`, 'plan_months_frozen', {
      effectiveFrom: { code: 'plan_months_frozen', params: { month } },
    });
}

const resource: ResourceModule<Row> = {
  decl: commissionPlansResource,
  table: commissionPlans,
  searchColumn: commissionPlans.search,
  async beforeCreate(input, w) {
    // One version at a time per sale: two created at once are checked one after the other.
    await w.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`commission-plan:${String(input.userId)}`}))`);
    await checkVersion(w.tx, {
      userId: String(input.userId),
      effectiveFrom: String(input.effectiveFrom),
      tiers: input.tiers as CommissionTier[],
    });
    return input;
  },
  async beforeUpdate(input, existing, w) {
    await assertUnused(w.tx, existing);
    const merged = { ...existing, ...input } as Row;
    await checkVersion(w.tx, merged, existing.id);
    return input;
  },
  async beforeDelete(existing, w) {
    await assertUnused(w.tx, existing);
  },
};

/**
 * The statements' item routes (`/commission/:id`) would take `/commission/matrix` for an id: the
 * matrix's own path answers the methods it does not take as every other path does (405, `Allow`).
 */
function registerMatrixMethods(app: Api) {
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const)
    app.route({
      method,
      url: `/${commissionPlansResource.path}`,
      config: { access: 'public' },
      schema: {
        tags: [commissionPlansResource.name],
        summary: 'Not a method of the matrix: 405 with Allow (the statements would otherwise read `matrix` as an id)',
      },
      handler: (req, reply) => reply.status(405).header('allow', 'GET, HEAD, POST').send(methodNotAllowed(req.method, req.url)),
    });
}

export const commissionPlansModule: ServerModule = {
  name: 'commission-plans',
  routes: registerMatrixMethods,
  resource,
  seed: seedCommissionPlans,
};
