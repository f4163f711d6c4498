import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  calculateBonusResultSchema,
  calculateBonusSchema,
  kpiBonusesResource,
  type KpiBonus,
} from '../../../domain/modules/kpi/kpi-bonuses.resource.js';
import { quarterText } from '../../../domain/modules/kpi/kpi-evaluations.resource.js';
import type { Api } from '../../http/api.js';
import { readsOwnOnly } from '../../../domain/resource.js';
import type { ResourceModule } from '../../http/resource/index.js';
import { computeDraft, storedComputation, type StatementRow } from '../../http/statements/compute.js';
import { registerStatementRoutes } from '../../http/statements/routes.js';
import { statementModule } from '../../http/statements/statement-module.js';
import type { Services } from '../../services.js';
import { kpiEvaluations } from '../kpi/kpi.table.js';
import type { ServerModule } from '../module.js';
import { paidIntoSalary } from '../salaries/salary-pay.js';
import { registerBonusFundRoutes } from './bonus-fund.routes.js';
import { bonusStatementKind } from './kpi-bonuses.calculation.js';
import { seedKpiBonuses } from './kpi-bonuses.seed.js';
import { kpiBonuses } from './kpi-bonuses.table.js';

type BonusRow = typeof kpiBonuses.$inferSelect & StatementRow;

const base = statementModule<BonusRow>({ decl: kpiBonusesResource, kind: bonusStatementKind });
const resource: ResourceModule<BonusRow> = {
  ...base,
  searchColumn: kpiBonuses.search,
  actions: {
    ...base.actions,
    markPaid: paidIntoSalary(kpiBonusesResource.name, 'bonus', bonusStatementKind.scale),
  },
};

/**
 * `POST /kpi-bonus/calculate-bonus`: the quarter's bonus drafts, for everyone with an approved
 * evaluation of it (or one person): a missing draft is created, a draft recomputed, an approved or
 * paid bonus left as it was (counted as frozen). Each new draft is audited.
 */
function registerCalculateBonus(app: Api, s: Services) {
  app.post(
    '/kpi-bonus/calculate-bonus',
    {
      config: { access: { resource: kpiBonusesResource.name, action: 'calculate' } },
      schema: {
        tags: [kpiBonusesResource.name],
        summary: "Creates or recomputes the quarter's bonus drafts of everyone evaluated (or of one person); frozen ones stay",
        body: calculateBonusSchema,
        response: { 200: calculateBonusResultSchema },
      },
    },
    async (req) => {
      const { period, userId } = req.body as z.infer<typeof calculateBonusSchema>;
      const result = await s.db.transaction(async (tx) => {
        const evaluated = await tx
          .select({ userId: kpiEvaluations.userId })
          .from(kpiEvaluations)
          .where(
            and(
              eq(kpiEvaluations.period, period),
              inArray(kpiEvaluations.state, ['approved', 'paid']),
              userId ? eq(kpiEvaluations.userId, userId) : undefined,
            ),
          );
        const people = [...new Set(evaluated.map((e) => e.userId))].sort();
        const existing = people.length
          ? await tx
              .select()
              .from(kpiBonuses)
              .where(and(eq(kpiBonuses.period, period), inArray(kpiBonuses.userId, people)))
              .for('update')
          : [];
        const counts = { created: 0, recomputed: 0, frozen: 0 };
        const rows: BonusRow[] = [];
        for (const person of people) {
          const had = existing.find((b) => b.userId === person);
          if (had && had.state !== 'draft') {
            counts.frozen++;
            rows.push(had as BonusRow);
            continue;
          }
          const draft = storedComputation(await computeDraft(tx, bonusStatementKind, person, period, s.config.BASE_CURRENCY));
          if (had) {
            const [recomputed] = await tx.update(kpiBonuses).set(draft).where(eq(kpiBonuses.id, had.id)).returning();
            counts.recomputed++;
            rows.push(recomputed as BonusRow);
            continue;
          }
          // Another calculation that committed first has made it: this one leaves it (the unique key holds).
          const [made] = await tx
            .insert(kpiBonuses)
            .values({ userId: person, period, state: 'draft', createdBy: req.user!.id, ...draft })
            .onConflictDoNothing()
            .returning();
          if (!made) continue;
          await s.kit.audit.write(tx, {
            actorId: req.user!.id,
            entity: kpiBonusesResource.name,
            entityId: made.id,
            action: 'created',
            after: made,
          });
          counts.created++;
          rows.push(made as BonusRow);
        }
        return { counts, rows };
      });
      // The rows as written, in the caller's scope (a role reading only its own sees only its own).
      const own = readsOwnOnly(kpiBonusesResource, req.user!.role);
      const bonuses = result.rows.filter((b) => !own || b.userId === req.user!.id);
      return { period, ...result.counts, bonuses: bonuses.map((b) => resource.toEntity!(b) as KpiBonus) };
    },
  );
}

export const kpiBonusesModule: ServerModule = {
  name: 'kpi-bonuses',
  routes: (app, s) => {
    registerCalculateBonus(app, s);
    registerBonusFundRoutes(app, s);
    registerStatementRoutes(app, s, { decl: kpiBonusesResource, kind: bonusStatementKind, periodSchema: quarterText });
  },
  resource,
  seed: seedKpiBonuses,
};
