import { templateName } from '../fixtures/postgres-template.js';
import type { SqlClient } from './sql-client.js';

/** Bump when the generated users change: a bench database filled by another version is refilled. */
const GENERATOR_VERSION = 1;
// The migration set the statistics were gathered under: a new index or statistics target
// (a new migration) means a fresh VACUUM ANALYZE, not a refill.
const statsMarker = () => `; statistics after ${templateName()}`;

// Vietnamese surnames weighted roughly as in the population (Nguyễn ≈ 38 %), so that
// `q=nguyen` is the realistic hard case: a large, accented match set.
export const VI_SURNAMES: Array<[string, number]> = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 10],
  ['Phạm', 7],
  ['Hoàng', 5],
  ['Huỳnh', 5],
  ['Phan', 4],
  ['Vũ', 4],
  ['Võ', 4],
  ['Đặng', 2],
  ['Bùi', 2],
  ['Đỗ', 2],
  ['Hồ', 2],
  ['Ngô', 2],
  ['Dương', 1],
  ['Lý', 1],
];
export const VI_MIDDLE = [
  'Văn',
  'Thị',
  'Hữu',
  'Đức',
  'Minh',
  'Thanh',
  'Ngọc',
  'Quốc',
  'Thu',
  'Hoàng',
  'Xuân',
  'Kim',
  'Gia',
  'Thị Thu',
  'Văn Đức',
];
export const VI_GIVEN = [
  'An',
  'Anh',
  'Bảo',
  'Bình',
  'Châu',
  'Cường',
  'Dũng',
  'Duy',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hiếu',
  'Hòa',
  'Hùng',
  'Hương',
  'Huy',
  'Khánh',
  'Khoa',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Minh',
  'My',
  'Nam',
  'Nga',
  'Ngân',
  'Nhung',
  'Phong',
  'Phúc',
  'Phương',
  'Quân',
  'Quang',
  'Sơn',
  'Tâm',
  'Thảo',
  'Thắng',
  'Thủy',
  'Tiến',
  'Trang',
  'Trung',
  'Tú',
  'Tuấn',
  'Tùng',
  'Uyên',
  'Vân',
  'Việt',
  'Vy',
  'Yến',
];
export const FR_GIVEN = [
  'Amélie',
  'Anaïs',
  'André',
  'Aurélie',
  'Benoît',
  'Béatrice',
  'Camille',
  'Cécile',
  'Chloé',
  'Clément',
  'Céline',
  'Denis',
  'Élise',
  'Élodie',
  'Émile',
  'Éric',
  'Étienne',
  'Françoise',
  'François',
  'Frédéric',
  'Gaëlle',
  'Geneviève',
  'Gérard',
  'Hélène',
  'Inès',
  'Jérôme',
  'Joël',
  'Julien',
  'Léa',
  'Léon',
  'Loïc',
  'Lucie',
  'Maël',
  'Margaux',
  'Mathéo',
  'Michèle',
  'Noël',
  'Noémie',
  'Océane',
  'Pénélope',
  'Raphaël',
  'Régis',
  'Renée',
  'Sébastien',
  'Stéphane',
  'Théo',
  'Thérèse',
  'Valérie',
  'Yannick',
  'Zoé',
];
export const FR_SURNAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'Lefebvre',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'Legrand',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
  'Muller',
  'Henry',
  'Roussel',
  'Perrin',
  'Morin',
  'Mathieu',
  'Gauthier',
  'Dumont',
  'Fontaine',
  'Chevalier',
  'Robin',
  'Masson',
  'Lemaître',
  'Dupré',
  'Bénard',
  'Prévost',
  'Courtois',
];
const TITLES = [
  'Backend Engineer',
  'Frontend Engineer',
  'Full-stack Engineer',
  'QA Engineer',
  'DevOps Engineer',
  'Data Engineer',
  'Mobile Engineer',
  'Solutions Architect',
  'Product Designer',
  'Recruiter',
  'Account Executive',
  'Delivery Manager',
  'Engineering Manager',
  'Business Analyst',
  'Scrum Master',
  'Ingénieur Logiciel',
  'Chef de Projet',
  'Développeuse Web',
];
// Role, status and level weights: mostly developers, mostly active.
const ROLES: Array<[string, number]> = [
  ['developer', 60],
  ['hr', 10],
  ['sale', 10],
  ['manager', 8],
  ['hr_lead', 4],
  ['sale_lead', 4],
  ['admin', 4],
];
const STATUSES: Array<[string, number]> = [
  ['active', 80],
  ['inactive', 12],
  ['pending', 8],
];
const LEVELS: Array<[string, number]> = [
  ['intern', 5],
  ['junior', 25],
  ['middle', 35],
  ['senior', 25],
  ['lead', 10],
];

export const weighted = (items: Array<[string, number]>) => items.flatMap(([v, w]) => Array<string>(w).fill(v));
/** A constant text[] literal (our own word lists: quotes doubled all the same). */
export const arr = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`;
export const pick = (a: string) => `(${a})[1 + floor(random() * array_length(${a}, 1))::int]`;

/** `insert … select generate_series`: people with Vietnamese, French and mixed names. */
function insertSql(count: number): string {
  const viSurname = pick(arr(weighted(VI_SURNAMES)));
  return `
insert into users (email, full_name, role, status, phone, title, level, join_date, password_hash, email_verified_at, created_at, updated_at, archived_at)
select
  -- The e-mail is the name without accents plus the series number (unique), like real ones.
  regexp_replace(f_unaccent(lower(p.full_name)), '[^a-z]+', '.', 'g') || '.' || p.i || '@bench.example',
  p.full_name, p.role, p.status,
  '+84 9' || (p.i % 10) || ' ' || lpad((p.i::bigint * 7919 % 1000)::text, 3, '0') || ' ' || lpad((p.i::bigint * 104729 % 10000)::text, 4, '0'),
  p.title, p.level, p.join_date,
  'bench-user-cannot-sign-in',
  case when p.status = 'active' then p.created_at end,
  p.created_at, p.created_at,
  -- About 1 % have left and are soft-deleted: lists must skip them.
  case when random() < 0.01 then p.created_at + interval '300 days' end
from (
  select g.i,
    case
      when n.kind < 0.50 then ${viSurname} || ' ' || ${pick(arr(VI_MIDDLE))} || ' ' || ${pick(arr(VI_GIVEN))}
      when n.kind < 0.80 then ${pick(arr(FR_GIVEN))} || ' ' || ${pick(arr(FR_SURNAMES))}
      when n.kind < 0.92 then ${pick(arr(FR_GIVEN))} || ' ' || ${viSurname}
      else ${pick(arr(VI_GIVEN))} || ' ' || ${pick(arr(FR_SURNAMES))}
    end as full_name,
    ${pick(arr(weighted(ROLES)))} as role,
    ${pick(arr(weighted(STATUSES)))} as status,
    ${pick(arr(TITLES))} as title,
    ${pick(arr(weighted(LEVELS)))} as level,
    (date '2015-01-01' + floor(random() * 3900)::int) as join_date,
    now() - random() * interval '2000 days' as created_at
  from generate_series(1, ${count}) as g(i)
  cross join lateral (select random() + g.i * 0 as kind) n
  offset 0 -- a fence: each row's random picks are computed once, not once per use
) p;`;
}

export interface FillResult {
  rows: number;
  reused: boolean;
  seconds: number;
}

/** Brings the users table to exactly `total` rows (the demo accounts included). */
export function fillUsers(db: SqlClient, total: number, opts: { maintenanceWorkMem?: string } = {}): Promise<FillResult> {
  return fillTable(db, { table: 'users', total, marker: `bench users: ${total} rows, generator v${GENERATOR_VERSION}`, insertSql }, opts);
}

/**
 * Brings `table` to exactly `total` rows with `insertSql(missing)`. Secondary indexes are
 * dropped during the insert and rebuilt afterwards (much faster than maintaining a trigram
 * or GIN index row by row); a comment on the table marks a finished fill so that a later
 * run reuses it.
 */
export async function fillTable(
  db: SqlClient,
  o: { table: string; total: number; marker: string; insertSql: (missing: number) => string },
  opts: { maintenanceWorkMem?: string } = {},
): Promise<FillResult> {
  const { table, total, marker } = o;
  const started = Date.now();
  const [mark] = await db.query<{ c: string | null }>(`select obj_description('${table}'::regclass, 'pg_class') as c`);
  if (mark?.c === marker + statsMarker()) return { rows: total, reused: true, seconds: 0 };
  if (mark?.c?.startsWith(marker)) {
    await db.exec(`vacuum (analyze) ${table}`);
    await db.exec(`comment on table ${table} is '${marker}${statsMarker()}'`);
    return { rows: total, reused: true, seconds: (Date.now() - started) / 1000 };
  }

  const [existing] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  const missing = total - Number(existing!.n);
  if (missing < 0) throw new Error(`${table} already holds ${existing!.n} rows, more than ${total}: drop the bench database first`);
  const indexes = await db.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and tablename = '${table}'
     and indexname not in (select conname from pg_constraint where conrelid = '${table}'::regclass)`,
  );
  await db.exec(`
begin;
${opts.maintenanceWorkMem ? `set local maintenance_work_mem = '${opts.maintenanceWorkMem}';` : ''}
${indexes.map((i) => `drop index "${i.name}";`).join('\n')}
${o.insertSql(missing)}
${indexes.map((i) => `${i.def};`).join('\n')}
comment on table ${table} is '${marker}';
commit;`);
  // Statistics for the planner and a fresh visibility map for index-only scans.
  await db.exec(`vacuum (analyze) ${table}`);
  await db.exec(`comment on table ${table} is '${marker}${statsMarker()}'`);
  return { rows: total, reused: false, seconds: (Date.now() - started) / 1000 };
}
