import { sql, type SQL } from 'drizzle-orm';
import { NAV_ROLES } from '../../../domain/auth/permissions.js';
import { add, formatDecimal, formatMoney } from '../../../domain/money.js';
import { addMonths, monthsBetween } from '../../../domain/months.js';
import {
  MIN_PEOPLE_FOR_SALARY,
  OVERHEAD_KEY,
  PNL_SALARY_MEASURES,
  pnlDrillQuerySchema,
  pnlQuerySchema,
  pnlRow,
  type PnlDrillQuery,
  type PnlQuery,
} from '../../../domain/modules/pnl/pnl.rules.js';
import { pnlDrillSchema, pnlSchema, type Pnl, type PnlDrill } from '../../../domain/modules/pnl/pnl.schema.js';
import type { ProfitBlock } from '../../../domain/modules/dashboard/dashboard.schema.js';
import { can } from '../../../domain/resources.js';
import { queryRows } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import { forbidden } from '../../http/errors.js';
import { sendWorkbook } from '../../http/export.js';
import type { Services } from '../../services.js';
import type { ServerModule } from '../module.js';
import { versionCacheOf } from '../data-versions/version-cache.js';
import { writePnlWorkbook } from './pnl.excel.js';
import { factsOf, keyOf, missingRates, monthStates, peopleOfCell, withoutJit, type FactRow } from './pnl.service.js';

/** The spec's navigation list for Profit & Loss (manager included, decision 001). */
const ACCESS = { roles: NAV_ROLES['/pnl'] } as const;

/** Salary rows are the Salary section's: the P&L asks `show` on salaries like any other route (decision 016). */
const salaryDetail = (s: Services, user: CurrentUser) => can(user.role, 'salaries', 'show', s.access.snapshot());

/** A row's figures hidden from a role without the Salary section: every part of the pay, and what they would give away. */
const HIDDEN = { salaryCost: null, bonuses: null, commissions: null, profit: null, margin: null } as const;

const salaryRefused = () =>
  forbidden("Salary rows are for the Salary section's roles: the P&L shows you salary cost per project only", 'salary_detail');

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

async function namesOf(s: Services, table: 'customers' | 'projects' | 'users', ids: ReadonlyArray<string | null>) {
  const wanted = [...new Set(ids.filter((x): x is string => !!x && x !== OVERHEAD_KEY))];
  if (!wanted.length) return new Map<string, { name: string; customer: string | null }>();
  const query =
    table === 'projects'
      ? sql`select p.id::text as id, p.name, c.name as customer from projects p left join customers c on c.id = p.customer_id where p.id in (${uuidList(wanted)})`
      : table === 'users'
        ? sql`select id::text as id, full_name as name, null as customer from users where id in (${uuidList(wanted)})`
        : sql`select id::text as id, name, null as customer from customers where id in (${uuidList(wanted)})`;
  const rows = await queryRows<{ id: string; name: string; customer: string | null }>(s.db, query);
  return new Map(rows.map((r) => [r.id, { name: r.name, customer: r.customer }]));
}

/**
 * The P&L's figures by query, valid while nothing it reads is written (the `pnl` data version,
 * bumped by triggers on every table of its facts): a person reading the P&L switches groupings and
 * pages through drill-downs, and each computation reads every month of the range.
 */
const pnlCache = <T>(s: Services) => versionCacheOf<T>(s.db, 'pnl', 500);

/** Parts a cold read of the range is split into on PostgreSQL (each a query on its own connection and core). */
const PARALLEL_READS = 2;

type GroupSum = { key: string; measure: FactRow['measure']; total: string; people: string[] };

/** `months` in at most `parts` runs of consecutive months, none empty (one empty run for no month). */
function splitMonths(months: readonly string[], parts: number): string[][] {
  const size = Math.max(1, Math.ceil(months.length / parts));
  const runs: string[][] = [];
  for (let i = 0; i < months.length; i += size) runs.push(months.slice(i, i + size));
  return runs.length ? runs : [[]];
}

/** Each group's sum per measure over `live` and `frozen` months, and who is paid in its salary cost. */
function groupedSums(s: Services, key: SQL, live: readonly string[], frozen: readonly string[]) {
  return withoutJit(s.db, (db) =>
    queryRows<GroupSum>(
      db,
      // Summed per person first: the people of a group then need no sort to be distinct.
      sql`select g.key, g.measure, sum(g.total)::text as total,
            coalesce(array_agg(g.person) filter (where g.measure = 'salaryCost' and g.person is not null), '{}') as people
          from (
            select ${key} as key, f.measure, f.person_id::text as person, sum(f.amount) as total
            from ${factsOf(s.config.BASE_CURRENCY, live, frozen)} f group by 1, 2, 3
          ) g group by 1, 2`,
    ),
  );
}

/** The parts' sums added up per group and measure, their people together. */
function addGroups(parts: GroupSum[][]): GroupSum[] {
  const out = new Map<string, GroupSum>();
  for (const g of parts.flat()) {
    const id = `${g.key}\u0000${g.measure}`;
    const had = out.get(id);
    out.set(id, had ? { ...had, total: formatDecimal(add(had.total, g.total)), people: [...new Set([...had.people, ...g.people])] } : g);
  }
  return [...out.values()];
}

export async function computePnl(s: Services, user: CurrentUser, q: PnlQuery): Promise<Pnl> {
  const detail = salaryDetail(s, user);
  if (!detail && q.groupBy === 'person') throw salaryRefused();
  const base = s.config.BASE_CURRENCY;
  const months = monthsBetween(q.from, q.to);
  const key = keyOf(q.groupBy);
  const sums = async () => {
    const states = await monthStates(s.db, months);
    // Each month's facts are its own (its invoices, its salaries shared by its hours): the range is
    // read in parts side by side on PostgreSQL, one connection each, and their sums added here.
    const parts = s.dbKind === 'postgres' ? splitMonths(states.live, PARALLEL_READS) : [states.live];
    const reads = parts.map((live, i) => groupedSums(s, key, live, i === 0 ? states.frozen : []));
    const [groups, missing] = await Promise.all([
      Promise.all(reads).then(addGroups),
      withoutJit(s.db, (db) => missingRates(db, base, states.live)),
    ]);
    return { states, groups, missing };
  };
  // Who may see what is decided below, per request: the cache holds the figures only.
  const { states, groups, missing } = await pnlCache<Awaited<ReturnType<typeof sums>>>(s).get(
    s.db,
    JSON.stringify(['sums', base, q.from, q.to, q.groupBy]),
    sums,
  );
  const keys = new Set(groups.map((g) => g.key));
  if (q.groupBy === 'month') for (const m of months) keys.add(m);
  const table = q.groupBy === 'customer' ? 'customers' : q.groupBy === 'project' ? 'projects' : q.groupBy === 'person' ? 'users' : null;
  const names = table ? await namesOf(s, table, [...keys]) : new Map<string, { name: string; customer: string | null }>();

  const masked = (people: readonly string[]) => !detail && people.length > 0 && people.length < MIN_PEOPLE_FOR_SALARY;
  const money = (v: string | undefined) => formatMoney(v ?? '0', base);
  const hiddenPeople = new Set<string>();
  const rows = [...keys].map((k) => {
    const of = (m: FactRow['measure']) => groups.find((g) => g.key === k && g.measure === m);
    const people = of('salaryCost')?.people ?? [];
    const row = pnlRow(
      {
        revenue: money(of('revenue')?.total),
        salaryCost: money(of('salaryCost')?.total),
        bonuses: money(of('bonuses')?.total),
        commissions: money(of('commissions')?.total),
        externalCost: money(of('externalCost')?.total),
      },
      base,
    );
    const hide = masked(people);
    if (hide) for (const p of people) hiddenPeople.add(p);
    return {
      key: k,
      label: k === OVERHEAD_KEY ? '' : q.groupBy === 'month' ? k : (names.get(k)?.name ?? ''),
      customerName: q.groupBy === 'project' ? (names.get(k)?.customer ?? null) : null,
      ...row,
      ...(hide ? HIDDEN : {}),
      masked: hide,
    };
  });
  rows.sort((a, b) =>
    q.groupBy === 'month'
      ? a.key.localeCompare(b.key)
      : Number(a.key === OVERHEAD_KEY) - Number(b.key === OVERHEAD_KEY) || a.label.localeCompare(b.label) || a.key.localeCompare(b.key),
  );
  const sum = (m: FactRow['measure']) => formatMoney(add('0', ...groups.filter((g) => g.measure === m).map((g) => g.total)), base);
  const totals = pnlRow(
    {
      revenue: sum('revenue'),
      salaryCost: sum('salaryCost'),
      bonuses: sum('bonuses'),
      commissions: sum('commissions'),
      externalCost: sum('externalCost'),
    },
    base,
  );
  // The total less the rows shown would give the hidden rows' sum: hidden too unless it is many people's.
  const hideTotal = masked([...hiddenPeople]);
  return {
    baseCurrency: base,
    from: q.from,
    to: q.to,
    groupBy: q.groupBy,
    months,
    closedMonths: states.closed,
    frozenMonths: states.frozen,
    salaryDetail: detail,
    missingRates: missing,
    rows,
    totals: { ...totals, ...(hideTotal ? HIDDEN : {}), masked: hideTotal },
  };
}

/**
 * The dashboard's profit block: this month against the last, this month's costs by category and the
 * salary cost no project takes — the P&L's own figures, hidden as the P&L hides them from the caller.
 */
export async function profitSummary(s: Services, user: CurrentUser, today: string): Promise<ProfitBlock> {
  const base = s.config.BASE_CURRENCY;
  const month = today.slice(0, 7);
  const last = addMonths(month, -1);
  const costs = () =>
    withoutJit(s.db, async (db) => {
      const states = await monthStates(db, [month]);
      return queryRows<{ category: string; total: string }>(
        db,
        sql`select f.basis as category, sum(f.amount)::text as total from ${factsOf(base, states.live, states.frozen)} f
            where f.measure = 'externalCost' group by 1 order by sum(f.amount) desc, 1`,
      );
    });
  const [byMonth, byProject, byCategory] = await Promise.all([
    computePnl(s, user, { from: last, to: month, groupBy: 'month' }),
    computePnl(s, user, { from: month, to: month, groupBy: 'project' }),
    pnlCache<Awaited<ReturnType<typeof costs>>>(s).get(s.db, JSON.stringify(['costs', base, month]), costs),
  ]);
  // The dashboard's salary cost is the whole pay (the P&L's salary cost, bonuses and commissions): its figures still add up to the profit.
  const pay = (r: Pnl['rows'][number]) =>
    r.salaryCost === null ? null : formatMoney(add(r.salaryCost, r.bonuses ?? '0', r.commissions ?? '0'), base);
  const figures = (period: string) => {
    const r = byMonth.rows.find((x) => x.key === period)!;
    return { period, revenue: r.revenue, salaryCost: pay(r), externalCost: r.externalCost, profit: r.profit, margin: r.margin };
  };
  const overhead = byProject.rows.find((r) => r.key === OVERHEAD_KEY);
  return {
    baseCurrency: base,
    thisMonth: figures(month),
    lastMonth: figures(last),
    costsByCategory: byCategory.map((c) => ({ category: c.category, total: formatMoney(c.total, base) })),
    benchCost: overhead ? pay(overhead) : formatMoney('0', base),
    salaryDetail: byMonth.salaryDetail,
  };
}

export async function drillDown(s: Services, user: CurrentUser, q: PnlDrillQuery): Promise<PnlDrill> {
  const salaryRows = PNL_SALARY_MEASURES.includes(q.measure);
  if (salaryRows && !salaryDetail(s, user)) throw salaryRefused();
  if (q.groupBy === 'person' && !salaryDetail(s, user)) throw salaryRefused();
  const base = s.config.BASE_CURRENCY;
  const where = sql`f.measure = ${q.measure}${q.key === undefined ? sql`` : sql` and ${keyOf(q.groupBy)} = ${q.key}`}`;
  // The page's rows and every row's sum, from one read of the facts.
  const page = () =>
    withoutJit(s.db, async (db) => {
      const months = monthsBetween(q.from, q.to);
      // A month's cell reads that month alone; a customer's, project's or person's salaries only of who can have a share in it.
      const states = await monthStates(db, q.groupBy === 'month' && q.key && months.includes(q.key) ? [q.key] : months);
      const people = salaryRows ? peopleOfCell(q.groupBy, q.key, months) : undefined;
      const facts = factsOf(base, states.live, states.frozen, people);
      const rows = await queryRows<FactRow & { total: string; count: number }>(
        db,
        sql`select f.*, f.amount::text as amount, sum(f.amount) over ()::text as total, (count(*) over ())::int as count
        from ${facts} f where ${where}
        order by f.month, f.ref nulls last, f.source_id, f.line nulls first, f.project_id nulls last, f.customer_id nulls last
        offset ${q.offset} limit ${q.limit}`,
      );
      if (rows.length || q.offset === 0) return { rows, total: rows[0]?.total, count: rows[0]?.count ?? 0 };
      // A page past the end: the total still is every row's.
      const [agg] = await queryRows<{ total: string | null; count: number }>(
        db,
        sql`select sum(f.amount)::text as total, count(*)::int as count from ${facts} f where ${where}`,
      );
      return { rows, total: agg?.total ?? undefined, count: agg?.count ?? 0 };
    });
  const { rows, total, count } = await pnlCache<Awaited<ReturnType<typeof page>>>(s).get(
    s.db,
    JSON.stringify(['drill', base, q.from, q.to, q.groupBy, q.key ?? null, q.measure, q.offset, q.limit]),
    page,
  );
  const [customers, projects, people] = await Promise.all([
    namesOf(
      s,
      'customers',
      rows.map((r) => r.customer_id),
    ),
    namesOf(
      s,
      'projects',
      rows.map((r) => r.project_id),
    ),
    namesOf(
      s,
      'users',
      rows.map((r) => r.person_id),
    ),
  ]);
  return {
    baseCurrency: base,
    measure: q.measure,
    total: formatMoney(total ?? '0', base),
    count,
    offset: q.offset,
    rows: rows.map((r) => ({
      month: r.month,
      sourceId: r.source_id,
      ref: r.ref,
      description: r.description,
      customerId: r.customer_id,
      customerName: r.customer_id ? (customers.get(r.customer_id)?.name ?? null) : null,
      projectId: r.project_id,
      projectName: r.project_id ? (projects.get(r.project_id)?.name ?? null) : null,
      personId: r.person_id,
      personName: r.person_id ? (people.get(r.person_id)?.name ?? null) : null,
      sourceAmount: r.source_amount,
      sourceCurrency: r.source_currency,
      rate: r.rate,
      basis: r.basis,
      weight: r.weight,
      weightTotal: r.weight_total,
      line: r.line === null ? null : Number(r.line),
      amount: formatMoney(r.amount, base),
    })),
  };
}

function registerPnlRoutes(app: Api, s: Services) {
  const tags = ['pnl'];
  app.get(
    '/pnl',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary:
          'Profit and loss for a range of months (at most 36) grouped by month, customer, project or person: revenue − salary cost − bonuses − commissions − external cost = profit, margin %, in the base currency. Closed months as they were closed. Without the Salary section: no grouping by person, and salary figures of fewer than 3 people are hidden',
        querystring: pnlQuerySchema,
        response: { 200: pnlSchema },
      },
    },
    async (req) => computePnl(s, req.user!, req.query as PnlQuery),
  );

  app.get(
    '/pnl/export',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'The P&L as the page shows it (same range, grouping and hidden figures), as an .xlsx workbook',
        querystring: pnlQuerySchema,
      },
    },
    async (req, reply) => {
      const q = req.query as PnlQuery;
      // Computed before the first byte: a refusal is still a JSON error.
      const p = await computePnl(s, req.user!, q);
      return sendWorkbook(reply, `pnl-${q.from}-${q.to}-${q.groupBy}.xlsx`, (out) => writePnlWorkbook(out, s.config.FIRM_NAME, p));
    },
  );

  app.get(
    '/pnl/drill-down',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary:
          "The rows a P&L cell sums (invoice lines; salary, bonus and commission shares with the hours or seats that made them; costs), a page at a time, with every row's total: equal to the cell. Salary rows are the Salary section's (403 `salary_detail`)",
        querystring: pnlDrillQuerySchema,
        response: { 200: pnlDrillSchema },
      },
    },
    async (req) => drillDown(s, req.user!, req.query as PnlDrillQuery),
  );
}

export const pnlModule: ServerModule = { name: 'pnl', routes: registerPnlRoutes };
