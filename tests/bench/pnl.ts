/**
 * `npm run bench` (P&L part): the profit and loss on PostgreSQL over 24 months with 500 people,
 * 50 000 invoices, 12 000 salaries, 5 000 external costs (and the people's seats and logged hours),
 * every month open (read live, the worst case). Timed from the request to the whole answer, at 1 and
 * 4 requests at once: the whole range by customer, and a salary cost drill-down of one customer —
 * read from the P&L's cache, and cold (its data version bumped before each request, as any write
 * does); then cold again once all but the last two months are closed, as a firm's books are. Figures
 * are printed, never asserted. Targets: p99 <= 500 ms (P&L), <= 200 ms (drill-down).
 *
 * PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; database `bench_pnl`,
 * made afresh each run. Settings: BENCH_PNL_RUNS=20.
 */
import pg from 'pg';
import type { MonthChecklist } from '../../src/domain/modules/month-close/month-close.schema.js';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { freshDatabase, reachable, startBenchServer, timed as timedRuns } from './bench-server.js';

const DB = 'bench_pnl';
const RUNS = Number(process.env.BENCH_PNL_RUNS ?? 20);
const TARGETS = { pnl: 500, drill: 200 };
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const timed = (url: string, headers: Record<string, string>, concurrency: number, before?: () => Promise<unknown>) =>
  timedRuns(url, headers, concurrency, RUNS, before);

/** The bench's books, written in SQL: months are counted back from this month (0) to 23. */
const FILL = [
  `insert into users (email, full_name, role, status, password_hash)
   select 'bench.pnl.' || n || '@example.com', 'Bench Person ' || n, 'developer', 'active', 'x' from generate_series(1, 500) n`,
  // A seat each on a demo project (a fifth part-time), started two years ago.
  `insert into headcounts (title, user_id, customer_id, project_id, billing_rate, rate_unit, allocation, start_date, status, currency)
   select 'Bench seat', u.id, p.customer_id, p.id, 3000, 'month', case when u.n % 5 = 0 then 50 else 100 end,
     (date_trunc('month', current_date) - interval '23 months')::date, 'active', 'USD'
   from (select id, row_number() over (order by email) as n from users where email like 'bench.pnl.%') u
   join (select id, customer_id, row_number() over (order by id) - 1 as k, count(*) over () as c from projects) p on p.k = u.n % p.c`,
  // Hours for two people in three: four days a month on their seat's project, a day on another.
  `insert into timesheets (user_id, project_id, date, hours, note)
   select h.user_id, case when d.k = 4 then (select id from projects order by id limit 1) else h.project_id end,
     (date_trunc('month', current_date) - (m.k || ' months')::interval)::date + d.k * 5, 8, ''
   from headcounts h join users u on u.id = h.user_id and u.email like 'bench.pnl.%'
   cross join generate_series(0, 23) m(k) cross join generate_series(0, 4) d(k)
   where abs(hashtext(u.email)) % 3 <> 0
   on conflict do nothing`,
  `insert into salaries (user_id, month, base, allowance, overtime, bonus, commission, deductions, net, currency, status)
   select u.id, to_char(date_trunc('month', current_date) - (m.k || ' months')::interval, 'YYYY-MM'),
     case when u.n % 5 = 3 then 2300.00 + u.n else 32000000 + u.n * 1000 end, 0, 0, 0, 0, 0,
     case when u.n % 5 = 3 then 2300.00 + u.n else 32000000 + u.n * 1000 end,
     case when u.n % 5 = 3 then 'USD' else 'VND' end, 'paid'
   from (select id, row_number() over (order by email) as n from users where email like 'bench.pnl.%') u
   cross join generate_series(0, 23) m(k)`,
  `insert into invoices (number, subject, customer_id, period, issue_date, due_date, currency, exchange_rate, tax_rate,
     lines, subtotal, tax, total, total_base, status)
   select 'PNL-' || g.i, 'Bench ' || g.i, c.id, to_char(d.first, 'YYYY-MM'), d.first + 27, d.first + 57, 'USD', 1, 0,
     jsonb_build_array(jsonb_build_object('description', 'Services', 'headcountId', h.id, 'quantity', '160', 'unit', 'hour',
       'unitPrice', '25.5000', 'amount', '4080.00')), 4080, 0, 4080, 4080, 'paid'
   from generate_series(1, 50000) g(i)
   cross join lateral (select (date_trunc('month', current_date) - ((g.i % 24) || ' months')::interval)::date as first) d
   cross join lateral (select id, customer_id from headcounts where title = 'Bench seat' offset (g.i % 500) limit 1) h
   join customers c on c.id = h.customer_id`,
  `insert into external_costs (description, date, category, vendor, amount, currency, exchange_rate, amount_base, customer_id, project_id)
   select 'Bench cost ' || g.i, (date_trunc('month', current_date) - ((g.i % 24) || ' months')::interval)::date + (g.i % 27),
     (array['office','software','equipment','recruitment','marketing','other'])[1 + g.i % 6], 'Vendor ' || (g.i % 40),
     100 + g.i % 900, 'USD', 1, 100 + g.i % 900,
     case when g.i % 3 = 0 then p.customer_id end, case when g.i % 3 = 0 then p.id end
   from generate_series(1, 5000) g(i)
   cross join lateral (select id, customer_id from projects offset (g.i % (select count(*) from projects)) limit 1) p`,
  // Every month open: the P&L reads them live.
  `delete from pnl_snapshot_facts`,
  `delete from pnl_snapshots`,
  `delete from month_closes`,
  `analyze`,
];

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await reachable(adminUrl))) {
    log(`\n## P&L: skipped, no PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, '//')}`);
    return;
  }
  const url = await freshDatabase(adminUrl, DB);
  const { proc, base } = await startBenchServer(url);
  try {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    for (const q of FILL) await db.query(q);
    const counts = (
      await db.query<Record<string, string>>(
        `select (select count(*) from users) as people, (select count(*) from invoices) as invoices, (select count(*) from salaries) as salaries,
          (select count(*) from external_costs) as costs, (select count(*) from timesheets) as hours`,
      )
    ).rows[0]!;
    const [customer] = (await db.query<{ id: string }>(`select customer_id as id from invoices group by 1 order by count(*) desc limit 1`))
      .rows;

    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const month = (back: number) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    };
    const range = `from=${month(23)}&to=${month(0)}`;
    const cases = [
      { name: '24 months by customer', url: `${base}/api/v1/pnl?${range}&groupBy=customer`, target: TARGETS.pnl },
      {
        name: 'drill-down: a customer’s salary cost, first page',
        url: `${base}/api/v1/pnl/drill-down?${range}&groupBy=customer&key=${customer!.id}&measure=salaryCost`,
        target: TARGETS.drill,
      },
      {
        name: 'drill-down: one month’s external cost',
        url: `${base}/api/v1/pnl/drill-down?from=${month(1)}&to=${month(1)}&groupBy=month&key=${month(1)}&measure=externalCost`,
        target: TARGETS.drill,
      },
    ];
    log('');
    log(
      `## P&L, PostgreSQL (${counts.people} people, ${counts.invoices} invoices, ${counts.salaries} salaries, ${counts.costs} costs, ${counts.hours} logwork rows; ${RUNS} runs)`,
    );
    log('');
    log('| case | read | at once | p50 | p99 | target p99 |');
    log('|---|---|---|---|---|---|');
    // Cold: what the first reader after any write waits for (the P&L's data version bumped first).
    const bump = () => db.query(`update data_versions set version = version + 1 where name = 'pnl'`);
    for (const c of cases) {
      for (const concurrency of [1, 4]) {
        const r = await timed(c.url, headers, concurrency);
        log(`| ${c.name} | cached | ${concurrency} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${c.target} ms |`);
      }
      const r = await timed(c.url, headers, 1, bump);
      log(`| ${c.name} | cold | 1 | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${c.target} ms |`);
    }
    // As a firm runs its books: every month but the last two closed, read from their snapshots.
    // Each close confirms the open items its checklist shows, by their counts, as the admin does.
    for (let back = 23; back >= 2; back--) {
      const checklist = (await (await fetch(`${base}/api/v1/month-closes/${month(back)}/checklist`, { headers })).json()) as MonthChecklist;
      const confirm = Object.fromEntries(checklist.items.filter((i) => !i.blocking).map((i) => [i.key, i.count]));
      const res = await fetch(`${base}/api/v1/month-closes/${month(back)}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ note: 'bench', confirm }),
      });
      if (res.status !== 200) throw new Error(`closing ${month(back)} answered ${res.status} ${await res.text()}`);
    }
    for (const c of cases.slice(0, 2)) {
      const r = await timed(c.url, headers, 1, bump);
      log(`| ${c.name}, 22 months closed | cold | 1 | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${c.target} ms |`);
    }
    await db.end();
  } finally {
    proc.disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
