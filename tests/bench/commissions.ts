/**
 * `npm run bench` (sales commission part), on PostgreSQL: 50 sales with a plan each (a version
 * change mid-year), 50 000 invoices of their customers over a year, the first five months already
 * approved. Times calculating (and storing) the sixth month for all 50 sales — each draft also
 * recomputes the approved months for their adjustments — against 5 s, and the dashboard of the year
 * at 1 and 4 requests at once against p99 <= 300 ms. Figures are printed, never asserted.
 *
 * PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; database `bench_commissions`,
 * made afresh each run. Settings: BENCH_COMMISSION_RUNS=40.
 */
import pg from 'pg';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { freshDatabase, reachable, startBenchServer, timed } from './bench-server.js';

const DB = 'bench_commissions';
const RUNS = Number(process.env.BENCH_COMMISSION_RUNS ?? 40);
const SALES = 50;
const PER_SALE = 1000;
const CALC_TARGET_MS = 5000;
const DASHBOARD_TARGET = 300;
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const year = new Date().getUTCFullYear() - 1;
const month = (m: number) => `${year}-${String(m).padStart(2, '0')}`;
const TIERS = JSON.stringify([
  { from: '0', to: '10000', rate: '5' },
  { from: '10000', to: '25000', rate: '7' },
  { from: '25000', to: null, rate: '10' },
]);

const FILL = [
  `insert into users (email, full_name, role, status, password_hash)
   select 'bench.commission.' || n || '@example.com', 'Bench Sale ' || n, 'sale', 'active', 'x' from generate_series(1, ${SALES}) n`,
  `insert into customers (name, code, currency, owner_sale_id)
   select 'Bench Customer ' || u.n, 'BC' || u.n, 'USD', u.id
   from (select id, row_number() over (order by email) as n from users where email like 'bench.commission.%') u`,
  // 1 000 invoices per sale over the year, one line each; most paid, some still sent, a few cancelled.
  `insert into invoices (number, subject, customer_id, sale_id, period, issue_date, due_date, currency, exchange_rate, tax_rate,
     lines, subtotal, tax, total, total_base, status, paid_at, paid_amount)
   select 'COM-' || c.code || '-' || g.i, 'Bench', c.id, c.owner_sale_id, to_char(d.day, 'YYYY-MM'), d.day, d.day + 30, 'USD', 1, 10,
     jsonb_build_array(jsonb_build_object('description', 'Services', 'quantity', '8', 'unit', 'hour', 'unitPrice', '25.0000', 'amount', '200.00')),
     200, 20, 220, 220, s.status, case when s.status = 'paid' then d.day + 20 end, case when s.status = 'paid' then 220 end
   from customers c cross join generate_series(1, ${PER_SALE}) g(i)
   cross join lateral (select make_date(${year}, 1 + (g.i % 12), 1 + (g.i % 27)) as day) d
   cross join lateral (select case when g.i % 17 = 0 then 'cancelled' when g.i % 5 = 0 then 'sent' else 'paid' end as status) s
   where c.code like 'BC%'`,
  `insert into commission_plans (name, user_id, effective_from, basis, mode, tiers)
   select 'Bench plan', u.id, v.m, 'invoiced', 'marginal', '${TIERS}'::jsonb
   from users u cross join (values ('${month(1)}'), ('${month(7)}')) v(m) where u.email like 'bench.commission.%'`,
  `analyze`,
];

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await reachable(adminUrl))) {
    log(`\n## Sales commission: skipped, no PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, '//')}`);
    return;
  }
  const url = await freshDatabase(adminUrl, DB);
  const { proc, base } = await startBenchServer(url);
  try {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    for (const q of FILL) await db.query(q);
    const sales = (await db.query<{ id: string }>(`select id from users where email like 'bench.commission.%' order by email`)).rows;
    const [counts] = (await db.query<{ invoices: string }>(`select count(*)::text as invoices from invoices where number like 'COM-%'`))
      .rows;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'hr_lead@demo.local', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`hr_lead login failed: ${login.status} ${await login.text()}`);
    const headers = {
      authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
      'content-type': 'application/json',
    };
    const calculateAll = async (period: string) => {
      const started = performance.now();
      for (const s of sales) {
        const res = await fetch(`${base}/api/commission/calculate/${s.id}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ period, store: true }),
        });
        if (res.status !== 200) throw new Error(`calculate ${period}: ${res.status} ${await res.text()}`);
      }
      return performance.now() - started;
    };
    // The first five months, stored and approved (as the leads would have left them).
    for (let m = 1; m <= 5; m++) await calculateAll(month(m));
    await db.query(`update commissions set state = 'approved', approved_at = now() where period < '${month(6)}'`);
    await db.end();
    const calc = await calculateAll(month(6));
    const again = await calculateAll(month(6));

    log('');
    log(`## Sales commission, PostgreSQL (${SALES} sales, ${counts!.invoices} invoices, 5 approved months each; ${RUNS} runs)`);
    log('');
    log('| case | figure | target |');
    log('|---|---|---|');
    log(`| calculate and store ${month(6)} for ${SALES} sales | ${(calc / 1000).toFixed(2)} s | ${CALC_TARGET_MS / 1000} s |`);
    log(`| recalculate the same drafts | ${(again / 1000).toFixed(2)} s | ${CALC_TARGET_MS / 1000} s |`);
    for (const concurrency of [1, 4]) {
      const r = await timed(`${base}/api/commission/dashboard?year=${year}`, headers, concurrency, RUNS);
      log(
        `| dashboard ${year}, ${concurrency} at once | p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms | p99 ${DASHBOARD_TARGET} ms |`,
      );
    }
  } finally {
    proc.disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
