/**
 * `npm run bench` (KPI part): the team dashboard and a person's progress page on PostgreSQL, over
 * 500 sales with targets for 12 quarters (3 years), 60 000 paid invoices of their customers and
 * 6 000 seats, a third of the quarters evaluated. Timed from the request to the whole answer, at 1 and
 * 4 requests at once; the team dashboard is kept under the 'kpi' data version, so it is also timed
 * as the first read after a write (computed afresh). Figures are printed, never asserted.
 * Target: p99 <= 300 ms.
 *
 * PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; database `bench_kpi`,
 * made afresh each run. Settings: BENCH_KPI_RUNS=40.
 */
import pg from 'pg';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { freshDatabase, reachable, startBenchServer, timed } from './bench-server.js';

const DB = 'bench_kpi';
const RUNS = Number(process.env.BENCH_KPI_RUNS ?? 40);
const TARGET = 300;
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const year = new Date().getUTCFullYear();

const FILL = [
  `insert into users (email, full_name, role, status, password_hash)
   select 'bench.kpi.' || n || '@example.com', 'Bench Sale ' || n, 'sale', 'active', 'x' from generate_series(1, 500) n`,
  `insert into customers (name, code, currency, owner_sale_id)
   select 'Bench Customer ' || u.n, 'BK' || u.n, 'USD', u.id
   from (select id, row_number() over (order by email) as n from users where email like 'bench.kpi.%') u`,
  // Seats of their customers, started over the three years.
  `insert into headcounts (title, user_id, customer_id, billing_rate, rate_unit, allocation, start_date, status, currency)
   select 'Bench seat', c.owner_sale_id, c.id, 3000, 'month', 100, make_date(${year - 2} + (g.i % 3), 1 + (g.i % 12), 1 + (g.i % 27)), 'active', 'USD'
   from customers c cross join generate_series(1, 12) g(i) where c.code like 'BK%'`,
  // Paid invoices: 120 per sale over the three years, one line each.
  `insert into invoices (number, subject, customer_id, sale_id, period, issue_date, due_date, currency, exchange_rate, tax_rate,
     lines, subtotal, tax, total, total_base, status, paid_at, paid_amount)
   select 'KPI-' || c.code || '-' || g.i, 'Bench', c.id, c.owner_sale_id, to_char(d.day, 'YYYY-MM'), d.day, d.day + 30, 'USD', 1, 10,
     jsonb_build_array(jsonb_build_object('description', 'Services', 'quantity', '160', 'unit', 'hour', 'unitPrice', '25.0000', 'amount', '4000.00')),
     4000, 400, 4400, 4400, 'paid', d.day + 20, 4400
   from customers c cross join generate_series(1, 120) g(i)
   cross join lateral (select make_date(${year - 2} + (g.i % 3), 1 + (g.i % 12), 1 + (g.i % 27)) as day) d
   where c.code like 'BK%'`,
  `insert into kpi_targets (user_id, year, quarter, period, metrics)
   select u.id, y, q, y || '-Q' || q, jsonb_build_array(
     jsonb_build_object('kind', 'revenue', 'label', 'Revenue', 'target', '40000', 'weight', '60', 'cap', '120', 'applicable', true, 'naReason', null, 'actual', null, 'note', null),
     jsonb_build_object('kind', 'headcount', 'label', 'New placements', 'target', '1', 'weight', '20', 'cap', '120', 'applicable', true, 'naReason', null, 'actual', null, 'note', null),
     jsonb_build_object('kind', 'custom', 'label', 'Visits', 'target', '12', 'weight', '20', 'cap', '120', 'applicable', true, 'naReason', null, 'actual', '10', 'note', 'log'))
   from users u cross join generate_series(${year - 2}, ${year}) y cross join generate_series(1, 4) q where u.email like 'bench.kpi.%'`,
  `insert into kpi_evaluations (user_id, period, state, rule_version, inputs, lines, total, unit, approved_at)
   select user_id, period, 'approved', 'bench', '[]', '[]', 95.5, 'percent', now() from kpi_targets
   where quarter = 1 and user_id in (select id from users where email like 'bench.kpi.%')`,
  `analyze`,
];

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await reachable(adminUrl))) {
    log(`\n## KPI: skipped, no PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, '//')}`);
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
        `select (select count(*) from kpi_targets) as targets, (select count(*) from invoices where status = 'paid') as invoices,
          (select count(*) from headcounts) as seats, (select count(*) from kpi_evaluations) as evaluations`,
      )
    ).rows[0]!;
    const [person] = (await db.query<{ id: string }>(`select id from users where email = 'bench.kpi.250@example.com'`)).rows;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'hr_lead@demo.local', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`hr_lead login failed: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const cases = [
      { name: `team dashboard, ${year}`, url: `${base}/api/v1/kpi/dashboard?year=${year}` },
      { name: `team dashboard, ${year - 2}`, url: `${base}/api/v1/kpi/dashboard?year=${year - 2}` },
      { name: 'a person’s progress page', url: `${base}/api/v1/kpi/user/${person!.id}/progress/${year - 1}` },
    ];
    log('');
    log(
      `## KPI, PostgreSQL (${counts.targets} quarters of targets, ${counts.invoices} paid invoices, ${counts.seats} seats, ${counts.evaluations} evaluations; ${RUNS} runs)`,
    );
    log('');
    log('| case | at once | p50 | p99 | target p99 |');
    log('|---|---|---|---|---|');
    for (const c of cases)
      for (const concurrency of [1, 4]) {
        const r = await timed(c.url, headers, concurrency, RUNS);
        log(`| ${c.name} | ${concurrency} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${TARGET} ms |`);
      }
    // Kept under the 'kpi' data version: the first read after any write computes it afresh.
    const bump = () => db.query(`update data_versions set version = version + 1 where name = 'kpi'`);
    for (const concurrency of [1, 4]) {
      const r = await timed(cases[0]!.url, headers, concurrency, RUNS, bump);
      log(`| ${cases[0]!.name}, cold (after a write) | ${concurrency} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${TARGET} ms |`);
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
