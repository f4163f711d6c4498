import { and, eq, inArray, like } from 'drizzle-orm';
import { z } from 'zod';
import { add, dec, formatDecimal, minorUnits } from '../../../domain/money.js';
import { addMonths, monthOf, monthRange } from '../../../domain/months.js';
import {
  dashboardQuerySchema,
  dashboardSchema,
  myCommissionSchema,
  trendQuerySchema,
  trendSchema,
} from '../../../domain/modules/hr-commission/hr-commission-views.schema.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { countingPlacements, matrixVersions, placementFacts, today } from './hr-commission.calculation.js';
import { hrCommissions } from './hr-commissions.table.js';
import { versionCacheOf } from '../data-versions/version-cache.js';

import {
  tags,
  access,
  url,
  ownOnly,
  namesOf,
  viewAll,
  placementOut,
  emptyTally,
  bump,
  money,
  countedOn,
  type Tally,
} from './hr-commission.views.js';

/** The HR commission's read-only views: the year's dashboard per recruiter, the 12-month trend, and the caller's own commission. */
export function registerHrCommissionViewRoutes(app: Api, s: Services) {
  const base = () => s.config.BASE_CURRENCY;
  const digits = () => minorUnits(base());
  // Never stale: the 'hr_commission' data version moves with every write to what they read, and
  // today's date is in the key (a probation ends with the day).
  const cached = <T>(key: string, compute: () => Promise<T>) =>
    versionCacheOf<T>(s.db, 'hr_commission', 100).get(s.db, `${key}:${today()}`, compute);

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
      return cached(`dashboard:${year}:${only ?? 'all'}`, () => dashboardOf(year, only));
    },
  );

  async function dashboardOf(year: number, only: string | undefined) {
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
  }

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
      return cached(`trend:${to}:${only ?? 'all'}`, () => trendOf(to, only));
    },
  );

  async function trendOf(to: string, only: string | undefined) {
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
  }

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
