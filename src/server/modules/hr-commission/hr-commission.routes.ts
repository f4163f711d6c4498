import { and, eq, inArray, like } from 'drizzle-orm';
import { z } from 'zod';
import { add, dec, formatDecimal, minorUnits, type Decimal } from '../../../domain/money.js';
import { addMonths, monthOf, monthRange } from '../../../domain/months.js';
import {
  placementView,
  sharePercent,
  splitProblems,
  type MatrixVersion,
  type PlacementFacts,
  type PlacementState,
} from '../../../domain/modules/hr-commission/hr-commission.rules.js';
import {
  calculateBodySchema,
  calculateResultSchema,
  dashboardQuerySchema,
  dashboardSchema,
  myCommissionSchema,
  placementSchema,
  placementsQuerySchema,
  splitBodySchema,
  trendQuerySchema,
  trendSchema,
  type Placement,
  type SplitBody,
} from '../../../domain/modules/hr-commission/hr-commission-views.schema.js';
import { hrCommissionsResource as decl } from '../../../domain/modules/hr-commission/hr-commissions.resource.js';
import type { Db } from '../../db/client.js';
import { readsOwnOnly } from '../../../domain/resource.js';
import type { CurrentUser } from '../../http/access.js';
import type { Api } from '../../http/api.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { registeredResource } from '../../http/resource/index.js';
import { computeDraft, storedComputation } from '../../http/statements/compute.js';
import type { Services } from '../../services.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { assertMonthsOpen } from '../month-close/month-close.service.js';
import { users } from '../users/users.table.js';
import { countingPlacements, hrCommissionKind, matrixVersions, placementFacts, today } from './hr-commission.calculation.js';
import { hrCommissions, hrCommissionSplits } from './hr-commissions.table.js';

const tags = [decl.name];
const access = (action: string) => ({ resource: decl.name, action });
const url = (suffix: string) => `/${decl.path}${suffix}`;

/** An hr reads only their own HR commission (the statements' owner scope); the leads and admin everyone's. */
const ownOnly = (user: CurrentUser) => readsOwnOnly(decl, user.role);

async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

interface Viewed {
  facts: PlacementFacts;
  view: ReturnType<typeof placementView>;
}

const viewAll = (facts: readonly PlacementFacts[], versions: readonly MatrixVersion[], base: string): Viewed[] => {
  const [day, memo] = [today(), new Map()];
  return facts.map((f) => ({ facts: f, view: placementView(f, versions, day, base, memo) }));
};

/** A placement as a reader sees it; `onlyFor`: the other recruiters' parts are left out (an hr sees their own). */
function placementOut(v: Viewed, names: Map<string, string>, splitSet: boolean, onlyFor?: string): Placement {
  const { facts: f, view } = v;
  return {
    id: f.id,
    label: f.label,
    startDate: f.startDate,
    endDate: f.endDate,
    probationEnd: view.probationEnd,
    earnedOn: view.earnedOn,
    state: view.state,
    level: f.level,
    matrix: view.version?.effectiveMonth ?? null,
    amount: onlyFor && f.shares.length > 1 ? null : view.amount,
    formula: onlyFor && f.shares.length > 1 ? '' : view.formula,
    missing: view.missing,
    splitSet,
    shares: view.shares
      .filter((s) => !onlyFor || s.userId === onlyFor)
      .map((s) => ({
        user: { id: s.userId, name: names.get(s.userId) ?? '' },
        percent: s.percent,
        effectivePercent: sharePercent(f.shares, s),
        amount: s.amount,
      })),
  };
}

// Sums kept exact as decimals and written out once at the end (a dashboard adds thousands of parts).
interface Tally {
  count: number;
  amount: Decimal;
}
const emptyTally = (): Tally => ({ count: 0, amount: dec('0') });
const bump = (t: Tally, amount: string | null) => {
  t.count += 1;
  t.amount = add(t.amount, amount ?? '0');
};
const money = (t: Tally, digits: number) => ({ count: t.count, amount: formatDecimal(t.amount, digits) });

/** Where a recruiter's part of a placement counts: pending (now), earned (the day after probation), clawed back (the day the seat ended). */
function countedOn(view: Viewed['view'], endDate: string | null): { state: PlacementState; day: string | null } {
  if (view.state === 'earned') return { state: 'earned', day: view.earnedOn };
  if (view.state === 'clawed_back') return { state: 'clawed_back', day: endDate };
  return { state: 'pending', day: null };
}

export function registerHrCommissionRoutes(app: Api, s: Services) {
  const base = () => s.config.BASE_CURRENCY;
  const digits = () => minorUnits(base());

  app.post(
    url('/calculate'),
    {
      config: { access: access('calculate') },
      schema: {
        tags,
        summary:
          "Calculates a month for every recruiter with something in it: a draft is created or follows today's data; approved and paid statements stay as they are (refused in a closed month)",
        body: calculateBodySchema,
        response: { 200: calculateResultSchema },
      },
    },
    async (req, reply) => {
      const { period } = req.body as z.infer<typeof calculateBodySchema>;
      await assertMonthsOpen(s.db, decl.closesWithMonth!, undefined, { period });
      const facts = await placementFacts(s.db, base());
      const existing = await s.db.select().from(hrCommissions).where(eq(hrCommissions.period, period));
      const withStatements = await s.db.selectDistinct({ userId: hrCommissions.userId }).from(hrCommissions);
      const recruiters = [
        ...new Set([...facts.flatMap((f) => f.shares.map((x) => x.userId)), ...withStatements.map((r) => r.userId)]),
      ].sort();
      const data: z.infer<typeof calculateResultSchema>['data'] = [];
      const registered = registeredResource(s, decl.name)!;
      for (const userId of recruiters) {
        const row = existing.find((r) => r.userId === userId);
        if (row && row.state !== 'draft') {
          data.push({ id: row.id, userId, state: row.state as 'approved', total: formatDecimal(row.total, 2), result: 'frozen' });
          continue;
        }
        if (row) {
          const updated = await s.db.transaction(async (tx) => {
            const draft = await computeDraft(tx, hrCommissionKind, userId, period, base());
            const [after] = await tx
              .update(hrCommissions)
              .set({ ...storedComputation(draft), updatedAt: new Date().toISOString() })
              .where(and(eq(hrCommissions.id, row.id), eq(hrCommissions.state, 'draft')))
              .returning();
            if (after && after.total !== row.total)
              await s.kit.audit.write(tx, {
                actorId: req.user!.id,
                entity: decl.name,
                entityId: row.id,
                action: 'recalculate',
                before: { total: row.total },
                after: { total: after.total },
                requestId: req.id,
              });
            return after ?? row;
          });
          data.push({ id: updated.id, userId, state: updated.state as 'draft', total: formatDecimal(updated.total, 2), result: 'updated' });
          continue;
        }
        const draft = await computeDraft(s.db, hrCommissionKind, userId, period, base());
        if (!draft.lines.length && !draft.missing.length) continue;
        const created = (await registered.create(req, reply, { userId, period, notes: null })) as { id: string; total: string };
        data.push({ id: created.id, userId, state: 'draft', total: created.total, result: 'created' });
      }
      if (data.some((d) => d.result !== 'frozen'))
        s.realtime.toRoles(['admin', 'hr_lead'], 'live', {
          channel: `resources/${decl.name}`,
          type: 'updated',
          payload: { ids: data.map((d) => d.id) },
          date: new Date().toISOString(),
        });
      reply.removeHeader('etag');
      return { period, data };
    },
  );

  app.get(
    url('/placements'),
    {
      config: { access: access('splits') },
      schema: {
        tags,
        summary: 'Placements with their probation, state, amount and split between recruiters (the leads)',
        querystring: placementsQuerySchema,
        response: { 200: z.object({ currency: z.string(), data: z.array(placementSchema) }) },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof placementsQuerySchema>;
      const facts = await placementFacts(s.db, base(), q.userId);
      const viewed = viewAll(facts, await matrixVersions(s.db), base()).filter((v) => !q.state || v.view.state === q.state);
      const set = await s.db.select({ id: hrCommissionSplits.headcountId }).from(hrCommissionSplits);
      const withSplit = new Set(set.map((r) => r.id));
      const names = await namesOf(
        s.db,
        viewed.flatMap((v) => v.facts.shares.map((x) => x.userId)),
      );
      return { currency: base(), data: viewed.reverse().map((v) => placementOut(v, names, withSplit.has(v.facts.id))) };
    },
  );

  app.put(
    url('/placements/:id/splits'),
    {
      config: { access: access('splits') },
      schema: {
        tags,
        summary:
          'Sets how a placement is split between recruiters: shares totalling exactly 100 % (a share without a per cent takes an equal part of the rest); an empty list goes back to the recruiter of record. Audited',
        params: z.object({ id: z.uuid({ message: 'invalid_id' }) }),
        body: splitBodySchema,
        response: { 200: placementSchema },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const { shares } = req.body as SplitBody;
      const [seat] = await s.db.select({ id: headcounts.id }).from(headcounts).where(eq(headcounts.id, id));
      if (!seat) throw notFound('Placement');
      if (shares.length) {
        const problems = splitProblems(shares);
        if (Object.keys(problems).length) throw unprocessable('The shares must total exactly 100 %', 'split_invalid', problems);
        const known = await namesOf(
          s.db,
          shares.map((x) => x.userId),
        );
        const unknown = shares.findIndex((x) => !known.has(x.userId));
        if (unknown >= 0) throw unprocessable('No such person', 'split_invalid', { [`shares.${unknown}.userId`]: 'not_found' });
      }
      await s.db.transaction(async (tx) => {
        const [before] = await tx.select().from(hrCommissionSplits).where(eq(hrCommissionSplits.headcountId, id)).for('update');
        if (shares.length)
          await tx
            .insert(hrCommissionSplits)
            .values({ headcountId: id, shares, updatedBy: req.user!.id })
            .onConflictDoUpdate({
              target: hrCommissionSplits.headcountId,
              set: { shares, updatedBy: req.user!.id, updatedAt: new Date().toISOString() },
            });
        else await tx.delete(hrCommissionSplits).where(eq(hrCommissionSplits.headcountId, id));
        await s.kit.audit.write(tx, {
          actorId: req.user!.id,
          entity: 'hr-commission-splits',
          entityId: id,
          action: 'update',
          before: before ? { shares: before.shares } : null,
          after: shares.length ? { shares } : null,
          requestId: req.id,
        });
      });
      const facts = (await placementFacts(s.db, base())).find((f) => f.id === id);
      if (!facts) throw unprocessable('This seat has no recruiter to split between', 'split_no_recruiter');
      const [v] = viewAll([facts], await matrixVersions(s.db), base());
      return placementOut(
        v!,
        await namesOf(
          s.db,
          facts.shares.map((x) => x.userId),
        ),
        shares.length > 0,
      );
    },
  );

  app.get(
    url('/dashboard'),
    {
      config: { access: access('dashboard') },
      schema: {
        tags,
        summary:
          'Per recruiter: placements pending (now), earned and clawed back in a year, with their parts; statements approved and paid (an hr: their own)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (req) => {
      const year = (req.query as { year?: number }).year ?? new Date().getUTCFullYear();
      const user = req.user!;
      const only = ownOnly(user) ? user.id : undefined;
      const counting = await countingPlacements(s.db, base(), only, `${year}-01-01`, `${year}-12-31`);
      const viewed = viewAll(counting.facts, counting.versions, base());
      const rows = new Map<string, { pending: Tally; earned: Tally; clawedBack: Tally; approved: string; paid: string }>();
      const rowOf = (id: string) => {
        let r = rows.get(id);
        if (!r) rows.set(id, (r = { pending: emptyTally(), earned: emptyTally(), clawedBack: emptyTally(), approved: '0', paid: '0' }));
        return r;
      };
      for (const v of viewed) {
        const { state, day } = countedOn(v.view, v.facts.endDate);
        for (const share of v.view.shares) {
          if (only && share.userId !== only) continue;
          if (state === 'pending') bump(rowOf(share.userId).pending, share.amount);
          else if (day && day.startsWith(`${year}-`))
            bump(state === 'earned' ? rowOf(share.userId).earned : rowOf(share.userId).clawedBack, share.amount);
        }
      }
      const statements = await s.db
        .select({ userId: hrCommissions.userId, state: hrCommissions.state, total: hrCommissions.total })
        .from(hrCommissions)
        .where(and(like(hrCommissions.period, `${year}-%`), only ? eq(hrCommissions.userId, only) : undefined));
      for (const st of statements) {
        const r = rowOf(st.userId);
        if (st.state === 'approved') r.approved = formatDecimal(add(r.approved, st.total));
        if (st.state === 'paid') r.paid = formatDecimal(add(r.paid, st.total));
      }
      if (only) rowOf(only);
      const names = await namesOf(s.db, [...rows.keys()]);
      const d = digits();
      return {
        year,
        currency: base(),
        data: [...rows.entries()]
          .map(([id, r]) => ({
            user: { id, name: names.get(id) ?? '' },
            pending: money(r.pending, d),
            earned: money(r.earned, d),
            clawedBack: money(r.clawedBack, d),
            approved: formatDecimal(r.approved, d),
            paid: formatDecimal(r.paid, d),
          }))
          .sort((a, b) => a.user.name.localeCompare(b.user.name)),
      };
    },
  );

  app.get(
    url('/trend'),
    {
      config: { access: access('dashboard') },
      schema: {
        tags,
        summary:
          'Twelve months up to `to` (this month by default): HR commission earned, paid and clawed back (an hr: their own; `userId`: one recruiter)',
        querystring: trendQuerySchema,
        response: { 200: trendSchema },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof trendQuerySchema>;
      const user = req.user!;
      const only = ownOnly(user) ? user.id : q.userId;
      const to = q.to ?? monthOf(today());
      const months = Array.from({ length: 12 }, (_, i) => addMonths(to, i - 11));
      const sums = new Map(months.map((m) => [m, { earned: dec('0'), paid: dec('0'), clawedBack: dec('0') }]));
      const counting = await countingPlacements(s.db, base(), only, monthRange(months[0]!).from, monthRange(to).to);
      const viewed = viewAll(counting.facts, counting.versions, base());
      for (const v of viewed) {
        const { state, day } = countedOn(v.view, v.facts.endDate);
        const cell = day && sums.get(monthOf(day));
        if (!cell || state === 'pending') continue;
        for (const share of v.view.shares) {
          if (only && share.userId !== only) continue;
          if (state === 'earned') cell.earned = add(cell.earned, share.amount ?? '0');
          else cell.clawedBack = add(cell.clawedBack, share.amount ?? '0');
        }
      }
      const paid = await s.db
        .select({ period: hrCommissions.period, total: hrCommissions.total })
        .from(hrCommissions)
        .where(
          and(eq(hrCommissions.state, 'paid'), inArray(hrCommissions.period, months), only ? eq(hrCommissions.userId, only) : undefined),
        );
      for (const p of paid) {
        const cell = sums.get(p.period)!;
        cell.paid = add(cell.paid, p.total);
      }
      const d = digits();
      return {
        currency: base(),
        data: months.map((month) => {
          const c = sums.get(month)!;
          return { month, earned: formatDecimal(c.earned, d), paid: formatDecimal(c.paid, d), clawedBack: formatDecimal(c.clawedBack, d) };
        }),
      };
    },
  );

  app.get(
    url('/my-commission'),
    {
      config: { access: access('list') },
      schema: {
        tags,
        summary:
          "The caller's HR commission: their placements (their own part only), pending, earned and clawed back, and their statements",
        response: { 200: myCommissionSchema },
      },
    },
    async (req) => {
      const me = req.user!.id;
      const viewed = viewAll(await placementFacts(s.db, base(), me), await matrixVersions(s.db), base());
      const tallies = { pending: emptyTally(), earned: emptyTally(), clawedBack: emptyTally() };
      for (const v of viewed) {
        const part = v.view.shares.find((x) => x.userId === me)?.amount ?? null;
        bump(v.view.state === 'pending' ? tallies.pending : v.view.state === 'earned' ? tallies.earned : tallies.clawedBack, part);
      }
      const statements = await s.db
        .select({ id: hrCommissions.id, period: hrCommissions.period, state: hrCommissions.state, total: hrCommissions.total })
        .from(hrCommissions)
        .where(eq(hrCommissions.userId, me));
      const d = digits();
      return {
        currency: base(),
        pending: money(tallies.pending, d),
        earned: money(tallies.earned, d),
        clawedBack: money(tallies.clawedBack, d),
        placements: viewed.reverse().map((v) => placementOut(v, new Map([[me, req.user!.fullName]]), false, me)),
        statements: statements
          .sort((a, b) => b.period.localeCompare(a.period))
          .map((st) => ({ id: st.id, period: st.period, state: st.state as 'draft', total: formatDecimal(st.total, 2) })),
      };
    },
  );
}
