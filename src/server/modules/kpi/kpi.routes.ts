import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDecimal } from '../../../domain/money.js';
import { kpiResource } from '../../../domain/modules/kpi/kpi.resource.js';
import { readsOwnOnly as ownScoped } from '../../../domain/resource.js';
import {
  kpiDashboardSchema,
  kpiProgressSchema,
  kpiQuarterSchema,
  type KpiDashboard,
  type KpiQuarter,
} from '../../../domain/modules/kpi/kpi-views.schema.js';
import { achievementTotal } from '../../../domain/modules/kpi/kpi.rules.js';
import { quarterOf, quarterPeriod, type KpiMetric } from '../../../domain/modules/kpi/kpi.schema.js';
import type { Db } from '../../db/client.js';
import { plainJson, type Api } from '../../http/api.js';
import { versionCacheOf } from '../data-versions/version-cache.js';
import type { CurrentUser } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { users } from '../users/users.table.js';
import { uuidArray, yearSums } from './kpi.actuals.js';
import { statementOfTargets, targetsOf } from './kpi.calculation.js';
import { kpiEvaluations, kpiTargets } from './kpi.table.js';

const yearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
const thisYear = () => new Date().getUTCFullYear();

/** Whoever the KPI targets' owner scope holds (a sale) reads only their own; the leads and admin read everyone's. */
const readsOwnOnly = (user: CurrentUser) => ownScoped(kpiResource, user.role);

export function assertReads(user: CurrentUser, userId: string) {
  if (readsOwnOnly(user) && user.id !== userId) throw notFound('KPI');
}

async function evaluationsOf(db: Db, userIds: readonly string[], year: number) {
  if (!userIds.length) return [];
  return db
    .select({
      id: kpiEvaluations.id,
      userId: kpiEvaluations.userId,
      period: kpiEvaluations.period,
      state: kpiEvaluations.state,
      total: kpiEvaluations.total,
    })
    .from(kpiEvaluations)
    .where(and(sql`${kpiEvaluations.userId} = any(${uuidArray(userIds)})`, like(kpiEvaluations.period, `${year}-Q%`)));
}

const evaluationView = (e: { id: string; state: string; total: string } | undefined) =>
  e ? { id: e.id, state: e.state as 'draft' | 'approved' | 'paid', total: formatDecimal(e.total, 2) } : null;

/** One person's quarter: targets, the live statement of today's data, and the evaluation if there is one. */
async function quarterOfPerson(s: Services, userId: string, year: number, quarter: number): Promise<KpiQuarter> {
  const period = quarterPeriod(year, quarter);
  const target = await targetsOf(s.db, userId, year, quarter);
  const [evaluation] = await evaluationsOf(s.db, [userId], year).then((rows) => rows.filter((r) => r.period === period));
  if (!target) return { period, year, quarter, kpiId: null, metrics: [], statement: null, evaluation: evaluationView(evaluation) };
  const statement = await statementOfTargets(s.db, target, s.config.BASE_CURRENCY);
  const metrics = (target.metrics as KpiMetric[]).map((m, i) => {
    const actual = statement.inputs.find((input) => input.key === `metric:${i}:actual`)?.value ?? null;
    return { ...m, actual: m.applicable ? actual : null, line: statement.lines.find((l) => l.key === `metric:${i}`)! };
  });
  return {
    period,
    year,
    quarter,
    kpiId: target.id,
    metrics,
    statement: { lines: statement.lines, inputs: statement.inputs, total: statement.total, missing: statement.missing },
    evaluation: evaluationView(evaluation),
  };
}

async function progressOf(s: Services, userId: string, year: number) {
  const [person] = await s.db.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.id, userId));
  if (!person) throw notFound('User');
  const quarters = [];
  for (const q of [1, 2, 3, 4]) quarters.push(await quarterOfPerson(s, userId, year, q));
  return { user: { id: person.id, name: person.fullName }, year, quarters };
}

/** The team's achievement by person × quarter: the evaluation's figure where there is one, today's otherwise. */
async function dashboardOf(s: Services, user: CurrentUser, year: number): Promise<KpiDashboard> {
  const targets = await s.db
    .select({ userId: kpiTargets.userId, quarter: kpiTargets.quarter, metrics: kpiTargets.metrics })
    .from(kpiTargets)
    .where(and(eq(kpiTargets.year, year), isNull(kpiTargets.archivedAt), readsOwnOnly(user) ? eq(kpiTargets.userId, user.id) : undefined));
  const ids = [...new Set(targets.map((t) => t.userId))];
  const [sums, evaluations, people] = await Promise.all([
    yearSums(s.db, s.config.BASE_CURRENCY, year, ids),
    evaluationsOf(s.db, ids, year),
    ids.length
      ? s.db
          .select({ id: users.id, fullName: users.fullName })
          .from(users)
          .where(sql`${users.id} = any(${uuidArray(ids)})`)
          .orderBy(asc(users.fullName))
      : [],
  ]);
  const sumOf = new Map(sums.map((r) => [`${r.userId}:${r.quarter}:${r.kind}`, r.value]));
  // By person and quarter, so a team's year is looked up rather than searched.
  const targetOf = new Map(targets.map((t) => [`${t.userId}:${t.quarter}`, t]));
  const evaluationOf = new Map(evaluations.map((e) => [`${e.userId}:${e.period}`, e]));
  const rows = people.map((p) => ({
    user: { id: p.id, name: p.fullName },
    quarters: [1, 2, 3, 4].map((quarter) => {
      const period = quarterPeriod(year, quarter);
      const target = targetOf.get(`${p.id}:${quarter}`);
      const evaluation = evaluationOf.get(`${p.id}:${period}`);
      if (!target) return { period, achievement: null, source: 'none' as const, evaluation: evaluationView(evaluation) };
      if (evaluation && evaluation.state !== 'draft')
        return {
          period,
          achievement: formatDecimal(evaluation.total, 2),
          source: 'evaluation' as const,
          evaluation: evaluationView(evaluation),
        };
      const metrics = target.metrics as KpiMetric[];
      const actuals = metrics.map((m) =>
        m.kind === 'custom'
          ? { value: m.actual }
          : // No score in the quarter leaves a performance metric missing; the other kinds count nothing as 0.
            { value: sumOf.get(`${p.id}:${quarter}:${m.kind}`) ?? (m.kind === 'performance' ? null : '0') },
      );
      const live = achievementTotal(metrics, actuals);
      return {
        period,
        achievement: live.missing.length ? null : live.total,
        source: 'live' as const,
        evaluation: evaluationView(evaluation),
      };
    }),
  }));
  return { year, rows };
}

export function registerKpiRoutes(app: Api, s: Services) {
  const tags = ['kpi'];
  const progress = { 200: kpiProgressSchema };

  app.get(
    '/kpi/my-kpi',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's KPI of a quarter (this one by default): targets, today's achievement line by line, the evaluation",
        querystring: z.object({
          period: z
            .string()
            .regex(/^\d{4}-Q[1-4]$/, { message: 'quarter_period' })
            .optional(),
        }),
        response: { 200: kpiQuarterSchema },
      },
    },
    async (req) => {
      const period = (req.query as { period?: string }).period ?? quarterOf(new Date().toISOString().slice(0, 10));
      return quarterOfPerson(s, req.user!.id, Number(period.slice(0, 4)), Number(period.slice(6)));
    },
  );

  app.get(
    '/kpi/my-progress',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: "The caller's year, quarter by quarter", querystring: yearQuery, response: progress },
    },
    async (req) => progressOf(s, req.user!.id, (req.query as { year?: number }).year ?? thisYear()),
  );

  app.get(
    '/kpi/dashboard',
    {
      config: { access: { resource: 'kpi', action: 'dashboard' } },
      schema: {
        tags,
        summary: 'Achievement by person × quarter of a year (a sale: their own)',
        querystring: yearQuery,
        response: { 200: kpiDashboardSchema },
      },
      // 2 000 cells built field by field: written as built, not copied once more by the schema's pass.
      serializerCompiler: plainJson,
    },
    async (req) => {
      const user = req.user!;
      const year = (req.query as { year?: number }).year ?? thisYear();
      // Never stale: the 'kpi' data version moves with every write to what the dashboard reads.
      const key = `dashboard:${year}:${readsOwnOnly(user) ? user.id : 'all'}`;
      return versionCacheOf<KpiDashboard>(s.db, 'kpi', 50).get(s.db, key, () => dashboardOf(s, user, year));
    },
  );

  app.get(
    '/kpi/user/:id/progress/:period',
    {
      config: { access: { resource: 'kpi', action: 'progress' } },
      schema: {
        tags,
        summary: "A person's year (`period`: the year), quarter by quarter; a sale reads their own",
        params: z.object({ id: z.uuid({ message: 'invalid_id' }), period: z.coerce.number().int().min(2000).max(2100) }),
        response: progress,
      },
    },
    async (req) => {
      const { id, period } = req.params as { id: string; period: number };
      assertReads(req.user!, id);
      return progressOf(s, id, period);
    },
  );

  app.get(
    '/kpi/user/:id',
    {
      config: { access: { resource: 'kpi', action: 'show' } },
      schema: {
        tags,
        summary: "A person's quarters with targets, newest first; a sale reads their own",
        params: z.object({ id: z.uuid({ message: 'invalid_id' }) }),
        response: {
          200: z.object({ data: z.array(z.object({ id: z.uuid(), period: z.string(), year: z.number(), quarter: z.number() })) }),
        },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      assertReads(req.user!, id);
      const rows = await s.db
        .select({ id: kpiTargets.id, period: kpiTargets.period, year: kpiTargets.year, quarter: kpiTargets.quarter })
        .from(kpiTargets)
        .where(and(eq(kpiTargets.userId, id), isNull(kpiTargets.archivedAt)))
        .orderBy(asc(kpiTargets.period));
      return { data: rows.reverse() };
    },
  );
}
