import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { titleFields, type FieldDecl } from '../../../domain/resource.js';
import type { CurrentUser } from '../access.js';
import { searchCondition, searchNeedle } from '../paging.js';
import { columnOf } from './columns.js';
import type { ResourceContext } from './context.js';
import { where } from './scope.js';

/**
 * How many of a resource's matching rows are ranked for the header's search. The rows come from the
 * list's own search (trigram-indexed), unordered, so a search matching thousands of rows stops after
 * this many instead of ranking every one; a term that precise enough to matter matches fewer.
 */
export const SEARCH_POOL = 100;

/** A row of the header's search as the union of the resources' queries answers it. */
export interface SearchRow {
  resource: string;
  id: string;
  title: string;
  subtitle: string | null;
  rank: number;
}

/**
 * The values a search statement's placeholders take: the words searched (lower case), as a LIKE
 * pattern's middle, and how many hits of each resource. The statement itself depends on the caller
 * only, so that it is built once per caller and kept (search.routes.ts).
 */
export const searchValues = (q: string, limit: number) => ({ word: q.toLowerCase(), needle: searchNeedle(q), limit });

/**
 * One resource's part of the header's search: the rows its list finds for the words (the caller's
 * scope, live rows, the search column), the best `limit` of them — the title equal to the words, then
 * starting with them, then a word of it starting with them, then the rest (accents and case aside; a
 * declared subtitle text counts as the title, so an invoice's number ranks as its subject) — named by
 * the declaration's `globalSearch`. A reference names its row only to callers who may read that
 * resource's names (`readsNames`). The words and `limit` are placeholders (`searchValues`).
 * Undefined when the resource is not declared searchable.
 */
export function searchBranch(ctx: ResourceContext, user: CurrentUser, readsNames: (resource: string) => boolean): SQL | undefined {
  const { decl, m } = ctx;
  if (!decl.globalSearch || !m.searchColumn) return undefined;
  const word = sql.placeholder('word');
  const needle = sql.placeholder('needle');
  const text = (field: string, column: SQL | PgColumn, inTitle = false): SQL => {
    const f = decl.fields[field]!;
    return f.type === 'ref' ? refName(ctx, field, f, column, readsNames, inTitle) : sql`${column}::text`;
  };
  const titles = decl.globalSearch.title ?? titleFields(decl);
  const subtitles = decl.globalSearch.subtitle ?? [];
  const title = sql`concat_ws(' · ', ${sql.join(
    titles.map((f) => text(f, columnOf(m.table, f), true)),
    sql`, `,
  )})`;
  // The subtitle's raw values ride along the pool; its references are named for the few rows kept only.
  const raw = subtitles.map((f, i) => sql`, ${columnOf(m.table, f)} as ${sql.identifier(`s${i}`)}`);
  const subtitle = subtitles.length
    ? sql`nullif(concat_ws(' · ', ${sql.join(
        subtitles.map((f, i) => text(f, sql`h.${sql.identifier(`s${i}`)}`)),
        sql`, `,
      )}), '')`
    : sql`null::text`;
  // Texts of the row's own that rank a hit: the title, and subtitle texts such as a number or a code,
  // each folded once per pooled row (`offset 0` keeps the planner from folding it again in every test).
  const own = subtitles.flatMap((f, i) => (decl.fields[f]!.type === 'ref' ? [] : [sql`p.${sql.identifier(`s${i}`)}::text`]));
  const folded = [sql`p.title`, ...own].map((t, i) => sql`, ${fold(t)} as ${sql.identifier(`n${i}`)}`);
  const any = (test: (name: SQL) => SQL) =>
    sql.join(
      folded.map((_, i) => test(sql`n.${sql.identifier(`n${i}`)}`)),
      sql` or `,
    );
  // The words searched are folded by the immutable wrapper: with their value known when the query is
  // planned, it is folded once there instead of once per row.
  const rank = sql`case when ${any((n) => sql`${n} = f_unaccent(${word})`)} then 0
    when ${any((n) => sql`${n} like f_unaccent(${needle}) || '%'`)} then 1
    when ${any((n) => sql`${n} like '% ' || f_unaccent(${needle}) || '%'`)} then 2 else 3 end`;
  // The list's own search, as a picker's (the search column only), in the caller's scope.
  const found = and(where(ctx, user, {}, { pick: true }), searchCondition(m.searchColumn, needle));
  return sql`(select ${decl.name}::text as resource, h.id, h.title, ${subtitle} as subtitle, h.rank from (
    select n.*, ${rank} as rank from (
      select p.* ${sql.join(folded, sql``)} from (
        select ${m.table.id}::text as id, ${title} as title ${sql.join(raw, sql``)}
        from ${m.table} where ${found} limit ${SEARCH_POOL}
      ) p offset 0
    ) n
  ) h order by h.rank, h.title, h.id limit ${sql.placeholder('limit')})`;
}

/**
 * A row's text folded as the search columns are (lower case, no accents), calling unaccent itself:
 * the indexes' `f_unaccent` wrapper is a SQL function the planner cannot inline (it is declared
 * immutable over a stable one), so each call through it costs a function call of its own, once per
 * ranked row.
 */
const fold = (text: SQL) => sql`public.unaccent('public.unaccent'::regdictionary, lower(${text}))`;

/** A reference's row named by its label field, for callers who may read those names; else nothing. */
function refName(
  ctx: ResourceContext,
  field: string,
  f: FieldDecl,
  column: SQL | PgColumn,
  readsNames: (resource: string) => boolean,
  inTitle: boolean,
): SQL {
  const target = ctx.registered.get(f.ref!.resource)?.module;
  if (!target || !(f.ref!.labels || readsNames(f.ref!.resource))) return sql`null::text`;
  // In the title the row's own table is in scope: a reference to it (a person's manager) would read itself.
  if (target === ctx.m && inTitle) throw new Error(`${ctx.decl.name}.globalSearch: ${field} names a row of its own table in the title`);
  return sql`(select ${columnOf(target.table, f.ref!.label)}::text from ${target.table} where ${target.table.id} = ${column})`;
}
