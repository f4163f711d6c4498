import { instant, likeText } from './bare.js';
import { arr, FR_GIVEN, FR_SURNAMES, fillTable, pick, VI_GIVEN, VI_MIDDLE, VI_SURNAMES, weighted } from './fill.js';
import type { BenchResource } from './resource.js';
import type { SqlClient } from './sql-client.js';

const env = process.env;

/** Bump when the generated candidates change: a bench database filled by another version is refilled. */
const GENERATOR_VERSION = 1;

/**
 * How often each stack appears on a CV, relative to the others (1 when unlisted): the Vietnamese
 * outsourcing market's staples first, so that a filter on React or Java is the realistic big case.
 */
const STACK_WEIGHTS: Record<string, number> = {
  javascript: 10,
  typescript: 8,
  java: 9,
  react: 9,
  'node.js': 7,
  'spring boot': 6,
  mysql: 6,
  postgresql: 5,
  docker: 6,
  aws: 6,
  python: 5,
  php: 4,
  laravel: 3,
  '.net': 4,
  'c#': 4,
  'vue.js': 4,
  angular: 4,
  kubernetes: 3,
  go: 3,
  redis: 3,
  mongodb: 3,
  'react native': 3,
  flutter: 3,
  android: 2,
  ios: 2,
  kotlin: 2,
  'next.js': 2,
  jenkins: 2,
  'github actions': 2,
  selenium: 2,
  jest: 2,
};

/** Recruiters' tags, the common ones many times over (a tag is a word a recruiter would type again). */
const HASHTAGS: Array<[string, number]> = [
  ['english-fluent', 14],
  ['remote', 12],
  ['hybrid', 10],
  ['onsite', 6],
  ['immediate', 8],
  ['hot', 6],
  ['japanese-n2', 4],
  ['japanese-n1', 2],
  ['korean', 2],
  ['french', 1],
  ['open-to-relocate', 4],
  ['fintech', 4],
  ['e-commerce', 4],
  ['healthcare', 2],
  ['logistics', 2],
  ['startup', 3],
  ['team-lead', 3],
  ['tech-lead', 2],
  ['freelance', 2],
  ['night-shift', 1],
  ['top-university', 3],
  ['aws-certified', 2],
  ['return-candidate', 2],
  ['referral-bonus', 1],
  ['salary-negotiable', 3],
  ['notice-30d', 3],
  ['part-time', 1],
  ['bridge-se', 1],
  ['offshore-ready', 2],
  ['visa-sponsorship', 1],
];
const VI_CITIES: Array<[string, number]> = [
  ['Hồ Chí Minh', 40],
  ['Hà Nội', 35],
  ['Đà Nẵng', 10],
  ['Hải Phòng', 3],
  ['Cần Thơ', 3],
  ['Huế', 3],
  ['Nha Trang', 2],
  ['Quy Nhơn', 2],
  ['Remote', 2],
];
const WORLD_CITIES = ['Singapore', 'Bangkok', 'Tokyo', 'Seoul', 'Paris', 'Lyon', 'Berlin', 'Sydney', 'Remote'];
// Most sourced candidates are new or being talked to; some placed, some closed.
const STATUSES: Array<[string, number]> = [
  ['new', 40],
  ['active', 30],
  ['placed', 12],
  ['archived', 15],
  ['blacklisted', 3],
];
const SOURCES: Array<[string, number]> = [
  ['linkedin', 40],
  ['referral', 15],
  ['job_board', 25],
  ['website', 8],
  ['agency', 7],
  ['other', 5],
];
/** Monthly USD by level, as the demo seed asks. */
const MONTHLY_USD = { intern: 400, junior: 900, middle: 1800, senior: 3000, lead: 4200 };

/** `insert … select generate_series`: candidates with names, stacks from tech_stacks, tags, salaries. */
function insertSql(count: number): string {
  const viSurname = pick(arr(weighted(VI_SURNAMES)));
  const stackWeights = Object.entries(STACK_WEIGHTS)
    .map(([name, w]) => `('${name.replace(/'/g, "''")}', ${w})`)
    .join(', ');
  const salary = Object.entries(MONTHLY_USD)
    .map(([level, usd]) => `when '${level}' then ${usd}`)
    .join(' ');
  return `
with stack as (
  -- Each live stack as many times as it is common: a uniform pick is then a weighted one.
  select coalesce(array_agg(t.id), '{}') as ids from tech_stacks t
  left join (values ${stackWeights}) w(name, weight) on w.name = lower(t.name)
  cross join lateral generate_series(1, coalesce(w.weight, 1))
  where t.archived_at is null
), tag as (
  select ${arr(weighted(HASHTAGS))} as words
), hr as (
  -- The firm's recruiters (the demo accounts), not the bench's crowd of users.
  select coalesce(array_agg(id), '{}') as ids from users where role in ('hr', 'hr_lead') and email not like '%@bench.example'
)
insert into candidates (full_name, email, phone, location, years_of_experience, level, status, tech_stack_ids, hashtags,
  expected_salary, notice_period_days, source, owner_hr_id, currency, created_at, updated_at, archived_at)
select
  p.full_name,
  -- The name without accents plus the series number (unique among live candidates), 95 % have one.
  case when p.r_email < 0.95 then regexp_replace(f_unaccent(lower(p.full_name)), '[^a-z]+', '.', 'g') || '.' || p.i || '@cv.example' end,
  case when p.vietnamese
    then '+84 9' || (p.i % 10) || ' ' || lpad((p.i::bigint * 7919 % 1000)::text, 3, '0') || ' ' || lpad((p.i::bigint * 104729 % 10000)::text, 4, '0')
    else '+65 8' || lpad((p.i::bigint * 7919 % 10000000)::text, 7, '0') end,
  p.location, p.years, p.level, p.status,
  array(select distinct stack.ids[1 + floor(random() * array_length(stack.ids, 1))::int] from generate_series(1, p.n_stacks)),
  array(select distinct tag.words[1 + floor(random() * array_length(tag.words, 1))::int] from generate_series(1, p.n_tags)),
  case when p.vnd
    then round((case p.level ${salary} end) * (0.8 + p.r_salary * 0.5) * 25000 / 100000) * 100000
    else round((case p.level ${salary} end) * (0.8 + p.r_salary * 0.5) / 50) * 50 end,
  (array[0, 15, 30, 30, 45, 60])[1 + floor(p.r_notice * 6)::int],
  p.source,
  case when array_length(hr.ids, 1) > 0 then hr.ids[1 + (p.i % array_length(hr.ids, 1))] end,
  case when p.vnd then 'VND' else 'USD' end,
  p.created_at, p.created_at,
  -- About 1 % were deleted: lists must skip them.
  case when p.r_deleted < 0.01 then p.created_at + interval '200 days' end
from (
  select g.i, n.kind < 0.85 as vietnamese,
    case
      when n.kind < 0.85 then ${viSurname} || ' ' || ${pick(arr(VI_MIDDLE))} || ' ' || ${pick(arr(VI_GIVEN))}
      when n.kind < 0.95 then ${pick(arr(FR_GIVEN))} || ' ' || ${pick(arr(FR_SURNAMES))}
      else ${pick(arr(FR_GIVEN))} || ' ' || ${viSurname}
    end as full_name,
    case when n.kind < 0.85 then ${pick(arr(weighted(VI_CITIES)))} else ${pick(arr(WORLD_CITIES))} end as location,
    n.years,
    case when n.years < 1 then 'intern' when n.years < 3 then 'junior' when n.years < 6 then 'middle' when n.years < 10 then 'senior' else 'lead' end as level,
    ${pick(arr(weighted(STATUSES)))} as status,
    ${pick(arr(weighted(SOURCES)))} as source,
    2 + floor(random() * 5)::int as n_stacks,
    floor(random() * random() * 6)::int as n_tags,
    n.kind < 0.85 and random() < 0.5 as vnd,
    random() as r_email, random() as r_salary, random() as r_notice, random() as r_deleted,
    now() - random() * interval '1100 days' as created_at
  from generate_series(1, ${count}) as g(i)
  cross join lateral (select random() + g.i * 0 as kind, floor(random() * random() * 16 + g.i * 0)::int as years) n
  offset 0 -- a fence: each row's random picks are computed once, not once per use
) p, stack, tag, hr;`;
}

async function idOfStack(db: SqlClient, name: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(`select id from tech_stacks where lower(name) = lower($1) and archived_at is null`, [name]);
  if (!row) throw new Error(`candidates bench: no live tech stack named ${name} (the demo seed adds it)`);
  return row.id;
}

/** GET /api/v1/candidates/paginated on 100 000 candidates: the recruiters' searches. */
export const candidatesBench: BenchResource = {
  name: 'candidates',
  rows: { postgres: Number(env.BENCH_PG_CANDIDATES ?? 100_000), pglite: Number(env.BENCH_PGLITE_CANDIDATES ?? 100_000) },
  fill: (db, total, opts) =>
    fillTable(
      db,
      { table: 'candidates', total, marker: `bench candidates: ${total} rows, generator v${GENERATOR_VERSION}`, insertSql },
      opts,
    ),
  async cases(db) {
    const react = await idOfStack(db, 'React');
    return [
      { name: 'first page', query: 'page=1&limit=25' },
      { name: 'name q=nguyen', query: 'q=nguyen&limit=25' },
      { name: 'name q=nguyen + status', query: 'q=nguyen&status=active&limit=25' },
      { name: 'tech stack React', query: `techStackIds=${react}&limit=25` },
      { name: 'tech stack React + status', query: `techStackIds=${react}&status=active&limit=25` },
      { name: 'hashtag english-fluent', query: 'hashtags=english-fluent&limit=25' },
      { name: 'hashtag english-fluent + status', query: 'hashtags=english-fluent&status=active&limit=25' },
    ];
  },
  check(c, page) {
    if (page.data.length !== 25) throw new Error(`${c.name}: ${page.data.length} rows on the first page, not 25`);
    if (c.name.startsWith('name') && !page.data.every((r) => String(r.fullName).includes('Nguyễn')))
      throw new Error(`${c.name}: a first-page row without 'Nguyễn': ${page.data.map((r) => String(r.fullName)).join(', ')}`);
    if (c.name.includes('hashtag') && !page.data.every((r) => (r.hashtags as string[]).includes('english-fluent')))
      throw new Error(`${c.name}: a first-page row without the hashtag`);
    if (c.name.includes('status') && !page.data.every((r) => r.status === 'active')) throw new Error(`${c.name}: a row not active`);
  },
  targets: { p99Ms: 100, ratio: 0.8 },
  bare: {
    path: 'candidates',
    section: 'candidates',
    table: 'candidates',
    columns:
      'id, created_at, updated_at, created_by, full_name, email, phone, location, years_of_experience, level, status, tech_stack_ids, hashtags, cv, cv_converted, expected_salary, notice_period_days, source, owner_hr_id, currency, archived_at, search',
    sortable: {
      fullName: 'full_name',
      email: 'email',
      phone: 'phone',
      location: 'location',
      yearsOfExperience: 'years_of_experience',
      level: 'level',
      status: 'status',
      expectedSalary: 'expected_salary',
      noticePeriodDays: 'notice_period_days',
      source: 'source',
      currency: 'currency',
      createdAt: 'created_at',
    },
    defaultSort: 'full_name',
    // In the declaration's order, as the route adds them.
    filters: { email: 'email', level: 'level', status: 'status' },
    arrayFilters: { techStackIds: { column: 'tech_stack_ids', type: 'uuid' }, hashtags: { column: 'hashtags', type: 'text' } },
    searchColumn: 'search',
    // candidates.module.ts searchAlso: the e-mail, a hashtag, a tech stack's name.
    searchAlso: (p, q) => {
      const text = q.toLowerCase();
      const tag = text.replace(/^#/, '');
      return (
        `(lower(email) like ${p(`%${likeText(text)}%`)}` +
        ` or ${tag && !tag.includes('|') ? `array_to_string(hashtags, '|') like ${p(`%${likeText(tag)}%`)}` : 'false'}` +
        ` or tech_stack_ids && array(select id from tech_stacks where search like '%' || f_unaccent(${p(likeText(q))}) || '%'))`
      );
    },
    toEntity: (r) => ({
      id: r.id,
      createdAt: instant(r.created_at),
      updatedAt: instant(r.updated_at),
      createdBy: r.created_by,
      fullName: r.full_name,
      email: r.email,
      phone: r.phone,
      location: r.location,
      yearsOfExperience: r.years_of_experience,
      level: r.level,
      status: r.status,
      techStackIds: r.tech_stack_ids,
      hashtags: r.hashtags,
      cv: r.cv,
      cvConverted: r.cv_converted,
      expectedSalary: r.expected_salary == null ? null : Number(r.expected_salary),
      noticePeriodDays: r.notice_period_days,
      source: r.source,
      ownerHrId: r.owner_hr_id,
      currency: r.currency,
    }),
  },
};
