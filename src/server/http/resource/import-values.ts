import { and, inArray, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { matchText } from '../../../domain/imports.js';
import type { FieldDecl } from '../../../domain/resource.js';
import type { SheetCell } from '../import-sheet.js';
import { columnOf } from './columns.js';
import type { ResourceContext } from './context.js';
import type { Tx } from './resource-module.js';
import type { Db } from '../../db/client.js';

// A cell as the value a field takes, as people write it: an enum by its key, a yes/no, a number, a
// date, a reference by the name (or e-mail, code) of the row it points to — resolved, or refused
// as not found or ambiguous, never guessed.

/** A problem of one cell: its code and parameters. */
export interface CellProblem {
  code: string;
  params?: Record<string, string | number>;
}
export type Converted = { value: unknown } | { problem: CellProblem };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRUE = new Set(['true', 'yes', 'y', '1', 'x', 'oui', 'có', 'co', '是']);
const FALSE = new Set(['false', 'no', 'n', '0', 'non', 'không', 'khong', '否']);

/** A text the export protected from being read as a formula (`'=…`) as it was written. */
export const unprotected = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** Rows of another resource a reference may name, by id, by unique texts and by label. */
export interface RefIndex {
  byId: Map<string, string>;
  byUnique: Map<string, string>;
  byLabel: Map<string, string[]>;
}

/** The live rows of the resource a field points to (as its pickers offer them), indexed to resolve cells. */
export async function refIndex(ctx: ResourceContext, db: Db | Tx, f: FieldDecl): Promise<RefIndex> {
  const target = ctx.registered.get(f.ref!.resource)?.module;
  const index: RefIndex = { byId: new Map(), byUnique: new Map(), byLabel: new Map() };
  if (!target) return index;
  const t = target.table as unknown as PgTable & Record<string, AnyColumn>;
  const uniques = Object.entries(target.decl.fields)
    .filter(([, tf]) => tf.unique && ['string', 'email'].includes(tf.type))
    .map(([n]) => n);
  const archived = target.decl.softDelete ? columnOf(target.table, 'archivedAt') : undefined;
  const picks = Object.entries(f.ref!.where ?? {}).map(([field, values]) => inArray(columnOf(target.table, field), [...values]));
  const rows = (await db
    .select({
      id: target.table.id,
      label: sql<string>`${columnOf(target.table, f.ref!.label)}::text`,
      ...Object.fromEntries(uniques.map((u) => [u, columnOf(target.table, u) as PgColumn])),
    })
    .from(t)
    .where(and(archived ? isNull(archived) : undefined, ...picks))) as Array<Record<string, string | null>>;
  for (const r of rows) {
    const id = r.id!;
    index.byId.set(id.toLowerCase(), r.label ?? id);
    for (const u of uniques) if (r[u]) index.byUnique.set(String(r[u]).trim().toLowerCase(), id);
    if (r.label) {
      const k = matchText(r.label);
      index.byLabel.set(k, [...(index.byLabel.get(k) ?? []), id]);
    }
  }
  return index;
}

/** One name of a referenced row: its id, a unique text of it (an e-mail, a code), else its label, case- and accent-insensitively. */
export function resolveRef(index: RefIndex, text: string): Converted {
  const t = text.trim();
  if (UUID.test(t) && index.byId.has(t.toLowerCase())) return { value: t.toLowerCase() };
  const unique = index.byUnique.get(t.toLowerCase());
  if (unique) return { value: unique };
  const found = index.byLabel.get(matchText(t)) ?? [];
  if (found.length === 1) return { value: found[0] };
  if (found.length > 1) return { problem: { code: 'ref_ambiguous', params: { count: found.length } } };
  return { problem: { code: 'ref_not_found' } };
}

/** Several names in one cell, separated by commas, semicolons or lines (a name with a comma in it is tried whole first). */
function resolveRefs(index: RefIndex, text: string): Converted {
  const whole = resolveRef(index, text);
  if ('value' in whole) return { value: [whole.value] };
  const ids: string[] = [];
  for (const part of text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const one = resolveRef(index, part);
    if ('problem' in one) return { problem: { ...one.problem, params: { ...one.problem.params, name: part } } };
    ids.push(one.value as string);
  }
  return { value: [...new Set(ids)] };
}

// Each enum's values by how people write them ('on_hold', 'On hold', 'ON HOLD'), built once per field.
const enumIndex = new WeakMap<FieldDecl, Map<string, string>>();
function enumKeys(f: FieldDecl): Map<string, string> {
  let index = enumIndex.get(f);
  if (!index) {
    index = new Map();
    for (const v of f.values ?? []) {
      index.set(matchText(v.replace(/_/g, ' ')), v);
      index.set(matchText(v), v);
    }
    enumIndex.set(f, index);
  }
  return index;
}

/** A cell as the field's value: `null` for an empty cell; a value left as text where it does not read (the schema then says why). */
export function convertCell(f: FieldDecl, cell: SheetCell, refs: RefIndex | undefined): Converted {
  if (cell.formulaWithoutValue) return { problem: { code: 'formula' } };
  const raw = cell.text === null ? '' : unprotected(cell.text);
  if (raw.trim() === '') return { value: f.type === 'refs' || f.type === 'tags' ? [] : null };
  const text = raw.trim();
  switch (f.type) {
    case 'int':
      return { value: /^-?\d+(\.0+)?$/.test(text) ? Number(text) : text };
    case 'boolean': {
      const k = text.toLowerCase();
      return { value: TRUE.has(k) ? true : FALSE.has(k) ? false : text };
    }
    case 'enum':
      return { value: enumKeys(f).get(matchText(text)) ?? text };
    case 'date':
      // 2026-01-31 as written, or a date cell read as its day.
      return { value: /^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z?$/.test(text) ? text.slice(0, 10) : text };
    case 'ref':
      return refs ? resolveRef(refs, text) : { value: text };
    case 'refs':
      return refs ? resolveRefs(refs, text) : { value: text };
    case 'tags':
      return {
        value: text
          .split(/[,;\n]/)
          .map((p) => p.trim())
          .filter(Boolean),
      };
    case 'text':
      return { value: raw };
    default:
      return { value: text };
  }
}

const decimalText = (s: string) => {
  const m = /^(-?)0*(\d+?)(?:\.(\d*?)0*)?$/.exec(s);
  return m ? `${m[1] === '-' && (m[2] !== '0' || m[3]) ? '-' : ''}${m[2]}${m[3] ? `.${m[3]}` : ''}` : s;
};

/** A value as the comparison of old and new reads it: money and decimals by their number, lists as sets. */
export function comparable(f: FieldDecl | undefined, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v)) return JSON.stringify([...v].map(String).sort());
  if (f && (f.type === 'money' || f.type === 'decimal')) return decimalText(String(v));
  return String(v);
}

/** A value as the preview shows it: references by their names. */
export function shown(f: FieldDecl | undefined, v: unknown, refs: RefIndex | undefined): string | null {
  if (v === null || v === undefined) return null;
  const one = (x: unknown) => (refs && typeof x === 'string' ? (refs.byId.get(x.toLowerCase()) ?? x) : String(x));
  if (Array.isArray(v)) return v.map(one).join(', ');
  return f?.ref ? one(v) : String(v);
}
