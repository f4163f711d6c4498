import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatDecimal } from '../../../domain/money.js';
import { projectBonusesResource } from '../../../domain/modules/project-bonuses/project-bonuses.resource.js';
import { projectBonusSummarySchema } from '../../../domain/modules/project-bonuses/project-bonuses.schema.js';
import type { Api } from '../../http/api.js';
import { conflict } from '../../http/errors.js';
import type { ResourceModule } from '../../http/resource/index.js';
import type { Services } from '../../services.js';
import type { ServerModule } from '../module.js';
import { payIntoSalary, takeOutOfSalary } from '../salaries/salary-pay.js';
import { users } from '../users/users.table.js';
import { seedProjectBonuses } from './project-bonuses.seed.js';
import { projectBonuses } from './project-bonuses.table.js';

type Row = typeof projectBonuses.$inferSelect;

const paid = () =>
  conflict('A paid project bonus does not change: mark it unpaid first', 'project_bonus_paid', { status: 'project_bonus_paid' });

const resource: ResourceModule<Row> = {
  decl: projectBonusesResource,
  table: projectBonuses,
  searchColumn: projectBonuses.search,
  toEntity: (row) => {
    const { archivedAt: _a, search: _s, ...rest } = row;
    return { ...rest, amount: formatDecimal(row.amount, 2) };
  },
  beforeUpdate(input, existing) {
    if (existing.status === 'paid') throw paid();
    return input;
  },
  beforeDelete(existing) {
    if (existing.status === 'paid') throw paid();
  },
  // Paid with the salary of its month: it joins that salary's bonus (drafted if there is none), and
  // leaves it again when marked unpaid — both refused once that salary is approved.
  actions: {
    markPaid: {
      async apply(row, _body, w) {
        await payIntoSalary(w.tx, w.services, {
          userId: row.beneficiaryId,
          month: row.month,
          column: 'bonus',
          amount: row.amount,
          currency: row.currency,
          source: { resource: 'project-bonuses', id: row.id, label: row.reason },
          actorId: w.user.id,
        });
        return {};
      },
    },
    markUnpaid: {
      async apply(row, _body, w) {
        await takeOutOfSalary(
          w.tx,
          w.services,
          { resource: 'project-bonuses', id: row.id, label: row.reason },
          row.beneficiaryId,
          w.user.id,
        );
        return { paidAt: null };
      },
    },
  },
};

/** Per beneficiary and currency: how many bonuses, what is still owed and what was paid (a sale: their own). */
function registerSummary(app: Api, s: Services) {
  app.get(
    '/kpi-bonus/project-bonus/summary',
    {
      config: { access: { resource: 'project-bonuses', action: 'summary' } },
      schema: {
        tags: ['project-bonuses'],
        summary: 'Project bonuses per beneficiary and currency: count, unpaid, paid',
        response: { 200: projectBonusSummarySchema },
      },
    },
    async (req) => {
      const own = req.user!.role === 'sale' ? eq(projectBonuses.beneficiaryId, req.user!.id) : undefined;
      const rows = await s.db
        .select({
          id: projectBonuses.beneficiaryId,
          name: users.fullName,
          currency: projectBonuses.currency,
          count: sql<number>`count(*)::int`,
          unpaid: sql<string>`coalesce(sum(${projectBonuses.amount}) filter (where ${projectBonuses.status} = 'unpaid'), 0)::text`,
          paid: sql<string>`coalesce(sum(${projectBonuses.amount}) filter (where ${projectBonuses.status} = 'paid'), 0)::text`,
        })
        .from(projectBonuses)
        .innerJoin(users, eq(users.id, projectBonuses.beneficiaryId))
        .where(and(isNull(projectBonuses.archivedAt), own))
        .groupBy(projectBonuses.beneficiaryId, users.fullName, projectBonuses.currency)
        .orderBy(users.fullName, projectBonuses.currency);
      return {
        data: rows.map((r) => ({
          beneficiary: { id: r.id, name: r.name },
          currency: r.currency,
          count: r.count,
          unpaid: formatDecimal(r.unpaid, 2),
          paid: formatDecimal(r.paid, 2),
        })),
      };
    },
  );
}

export const projectBonusesModule: ServerModule = {
  name: 'project-bonuses',
  routes: registerSummary,
  resource,
  seed: seedProjectBonuses,
};
