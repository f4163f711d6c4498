import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { formatDecimal } from '../../../domain/money.js';
import { DEFAULT_WARNING_THRESHOLD, warningLevel } from '../../../domain/modules/kpi/kpi.rules.js';
import { kpiPersonDashboardSchema, kpiWarningSchema, type KpiWarning } from '../../../domain/modules/kpi/kpi-views.schema.js';
import { parseQuarter } from '../../../domain/modules/kpi/kpi.schema.js';
import type { Db } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { users } from '../users/users.table.js';
import { assertReads } from './kpi.routes.js';
import { kpiEvaluations } from './kpi.table.js';

const params = z.object({ id: z.uuid({ message: 'invalid_id' }) });

/**
 * Warning levels from approved (or paid) evaluations only: a draft may still move, and a quarter
 * without an approved evaluation ends the run rather than counting as below.
 */
async function warningOf(db: Db, userId: string): Promise<KpiWarning> {
  const rows = await db
    .select({ id: kpiEvaluations.id, period: kpiEvaluations.period, total: kpiEvaluations.total })
    .from(kpiEvaluations)
    .where(and(eq(kpiEvaluations.userId, userId), inArray(kpiEvaluations.state, ['approved', 'paid'])));
  const history = rows.flatMap((r) => {
    const q = parseQuarter(r.period);
    return q ? [{ ...q, achievement: formatDecimal(r.total, 2), id: r.id, period: r.period }] : [];
  });
  const w = warningLevel(history, DEFAULT_WARNING_THRESHOLD);
  const quarters = w.quarters.map((period) => {
    const r = history.find((h) => h.period === period)!;
    return { period, achievement: r.achievement, evaluationId: r.id };
  });
  const reason = w.salaryReductionRisk
    ? `${w.level} quarters in a row below ${DEFAULT_WARNING_THRESHOLD} %: ${quarters.map((q) => `${q.period} (${q.achievement} %)`).join(', ')}`
    : null;
  return {
    userId,
    threshold: formatDecimal(DEFAULT_WARNING_THRESHOLD, 2),
    level: w.level,
    quarters,
    gap: w.gap,
    salaryReductionRisk: w.salaryReductionRisk,
    reason,
  };
}

export function registerKpiWarningRoutes(app: Api, s: Services) {
  const tags = ['kpi'];
  const access = { resource: 'kpi', action: 'progress' } as const;

  // The spec names both: the level, and the risk it makes from level 2 (with its reason).
  const summaries = {
    'warning-levels': 'Quarters in a row below the threshold (70 %): level 1, 2 or 3, the quarters behind it and the gap to leave it',
    'salary-reduction-risk': 'A salary-reduction risk: warning level 2 or more, with its reason',
  };
  for (const [path, summary] of Object.entries(summaries))
    app.get(
      `/kpi-bonus/${path}/:id`,
      { config: { access }, schema: { tags, summary, params, response: { 200: kpiWarningSchema } } },
      async (req) => {
        const { id } = req.params as { id: string };
        assertReads(req.user!, id);
        return warningOf(s.db, id);
      },
    );

  app.get(
    '/kpi-bonus/dashboard/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: "A person's evaluations, newest first, and their warning level",
        params,
        response: { 200: kpiPersonDashboardSchema },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      assertReads(req.user!, id);
      const [person] = await s.db.select({ id: users.id, name: users.fullName }).from(users).where(eq(users.id, id));
      if (!person) throw notFound('User');
      const evaluations = await s.db
        .select({ id: kpiEvaluations.id, period: kpiEvaluations.period, state: kpiEvaluations.state, total: kpiEvaluations.total })
        .from(kpiEvaluations)
        .where(eq(kpiEvaluations.userId, id))
        .orderBy(desc(kpiEvaluations.period));
      return {
        user: person,
        evaluations: evaluations.map((e) => ({ ...e, state: e.state as 'draft' | 'approved' | 'paid', total: formatDecimal(e.total, 2) })),
        warning: await warningOf(s.db, id),
      };
    },
  );
}
