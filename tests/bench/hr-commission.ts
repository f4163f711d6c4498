/**
 * `npm run bench` (HR commission part): the dashboard, the trend and a recruiter's my-commission on
 * PostgreSQL, over 100 recruiters, 6 000 placements started over three years (a tenth split in three,
 * a twentieth ended inside their probation), each with its first month's invoice, the matrix by level
 * then by a per cent of that billing from last July, and a year of paid months per recruiter. Timed
 * from the request to the whole answer, at 1 and 4 requests at once. Figures are printed, never
 * asserted. Target: p99 <= 300 ms.
 *
 * PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; database
 * `bench_hr_commission`, made afresh each run. Settings: BENCH_HRC_RUNS=40.
 */
import pg from 'pg';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { freshDatabase, reachable, startBenchServer, timed } from './bench-server.js';

const DB = 'bench_hr_commission';
const RUNS = Number(process.env.BENCH_HRC_RUNS ?? 40);
const TARGET = 300;
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const year = new Date().getUTCFullYear();

const FILL = [
  `insert into users (email, full_name, role, status, password_hash, level)
   select 'bench.hrc.' || n || '@example.com', 'Bench Recruiter ' || n, 'hr', 'active', 'x', 'senior' from generate_series(1, 100) n`,
  `insert into users (email, full_name, role, status, password_hash, level)
   select 'bench.hrc.dev.' || n || '@example.com', 'Bench Developer ' || n, 'developer', 'active', 'x',
     (array['intern', 'junior', 'middle', 'senior', 'lead'])[1 + n % 5] from generate_series(1, 2000) n`,
  `insert into customers (name, code, currency) select 'Bench HRC Customer ' || n, 'BHC' || n, 'USD' from generate_series(1, 50) n`,
  // 6 000 seats over three years, 60 per recruiter; every twentieth ended a month after it started.
  `insert into headcounts (title, user_id, customer_id, billing_rate, rate_unit, allocation, start_date, end_date, status, currency, hr_id)
   select 'Bench seat', d.id, c.id, 6000, 'month', 5, s.day,
     case when g.i % 20 = 0 then s.day + 30 end, case when g.i % 20 = 0 then 'ended' else 'active' end, 'USD', r.id
   from generate_series(1, 6000) g(i)
   cross join lateral (select make_date(${year - 2} + (g.i % 3), 1 + (g.i % 12), 1 + (g.i % 27)) as day) s
   join (select id, row_number() over (order by email) as n from users where email like 'bench.hrc.dev.%') d on d.n = 1 + g.i % 2000
   join (select id, row_number() over (order by email) as n from users where email like 'bench.hrc.%' and role = 'hr') r on r.n = 1 + g.i % 100
   join (select id, row_number() over (order by code) as n from customers where code like 'BHC%') c on c.n = 1 + g.i % 50
   where s.day <= current_date`,
  // Each seat's first month invoiced.
  `insert into invoices (number, subject, customer_id, period, issue_date, due_date, currency, exchange_rate, tax_rate,
     lines, subtotal, tax, total, total_base, status)
   select 'HRC-' || h.id, 'Bench', h.customer_id, to_char(h.start_date, 'YYYY-MM'), h.start_date, h.start_date + 30, 'USD', 1, 10,
     jsonb_build_array(jsonb_build_object('description', 'Services', 'headcountId', h.id::text, 'quantity', '1', 'unit', 'month',
       'unitPrice', '6000.0000', 'amount', '6000.00')),
     6000, 600, 6600, 6600, 'sent'
   from headcounts h where h.title = 'Bench seat'`,
  // A tenth split equally between three recruiters.
  `insert into hr_commission_splits (headcount_id, shares)
   select h.id, jsonb_build_array(jsonb_build_object('userId', h.hr_id, 'percent', null),
     jsonb_build_object('userId', (select id from users where email = 'bench.hrc.1@example.com'), 'percent', null),
     jsonb_build_object('userId', (select id from users where email = 'bench.hrc.2@example.com'), 'percent', null))
   from headcounts h where h.title = 'Bench seat' and h.hr_id <> (select id from users where email = 'bench.hrc.1@example.com')
     and h.hr_id <> (select id from users where email = 'bench.hrc.2@example.com') and abs(hashtext(h.id::text)) % 10 = 0`,
  // The bench's matrix in place of the demo firm's.
  `update hr_commission_matrices set archived_at = now()`,
  `insert into hr_commission_matrices (effective_month, basis, intern, junior, middle, senior, lead, probation_days)
   values ('${year - 3}-01', 'level', 200, 400, 600, 900, 1200, 60)`,
  `insert into hr_commission_matrices (effective_month, basis, billing_percent, probation_days) values ('${year - 1}-07', 'billing_percent', 12.5, 90)`,
  `insert into hr_commissions (user_id, period, state, rule_version, inputs, lines, total, unit, approved_at, paid_at)
   select u.id, to_char(make_date(${year - 1}, m, 1), 'YYYY-MM'), 'paid', 'bench', '[]', '[]', 1500, 'USD', now(), now()
   from users u cross join generate_series(1, 12) m where u.email like 'bench.hrc.%' and u.role = 'hr'`,
  `analyze`,
];

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await reachable(adminUrl))) {
    log(`\n## HR commission: skipped, no PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, '//')}`);
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
        `select (select count(*) from headcounts where title = 'Bench seat') as seats, (select count(*) from hr_commission_splits) as splits,
          (select count(*) from hr_commissions) as statements`,
      )
    ).rows[0]!;
    const token = async (email: string) => {
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`${email} login failed: ${login.status} ${await login.text()}`);
      return { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    };
    const lead = await token('hr_lead@demo.local');
    const cases = [
      { name: `dashboard, ${year}`, url: `${base}/api/v1/hr-commission/dashboard?year=${year}`, headers: lead },
      { name: `dashboard, ${year - 1}`, url: `${base}/api/v1/hr-commission/dashboard?year=${year - 1}`, headers: lead },
      { name: 'trend, every recruiter', url: `${base}/api/v1/hr-commission/trend`, headers: lead },
    ];
    log('');
    log(
      `## HR commission, PostgreSQL (${counts.seats} placements, ${counts.splits} split, ${counts.statements} paid months; ${RUNS} runs)`,
    );
    log('');
    log('| case | at once | p50 | p99 | target p99 |');
    log('|---|---|---|---|---|');
    for (const c of cases)
      for (const concurrency of [1, 4]) {
        const r = await timed(c.url, c.headers, concurrency, RUNS);
        log(`| ${c.name} | ${concurrency} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms | ${TARGET} ms |`);
      }
    // Kept under the 'hr_commission' data version: the first read after any write computes it afresh.
    const bump = () => db.query(`update data_versions set version = version + 1 where name = 'hr_commission'`);
    for (const concurrency of [1, 4]) {
      const r = await timed(cases[0]!.url, lead, concurrency, RUNS, bump);
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
