import { createHash } from 'node:crypto';
import { matchText, type ImportChange, type ImportCounts, type ImportIssue } from '../../../domain/imports.js';
import { ownerAllowsWrite, type FieldDecl } from '../../../domain/resource.js';
import { issueOf } from '../../../domain/validation.js';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../access.js';
import { badRequest } from '../errors.js';
import type { ImportSheet } from '../import-sheet.js';
import { schemaKeys } from './columns.js';
import type { ResourceContext } from './context.js';
import { comparable, convertCell, refIndex, shown, type RefIndex } from './import-values.js';
import type { Row, Tx } from './resource-module.js';
import { ownerScoped, where } from './scope.js';

// The sheet checked against the resource as it is now, without writing: each row's cells as the
// fields' values, the schema's verdict, its match by the declared key, what it would change, and
// the checks that need no write (owner scope, unique values, references). The writes' own steps run
// after (import-apply.ts).

/** A field the file may set, and the column that holds it. */
interface ImportColumn {
  field: string;
  f: FieldDecl;
  col: number;
  header: string;
}

/** One row to write: the values the resource's create or update takes, and the record it changes. */
export interface PlannedRow {
  row: number;
  change: ImportChange;
  values: Row;
  existing?: Row;
  /** The header of each field's column, to name a problem the write finds. */
  headers: Record<string, string>;
  cells: Record<string, string | null>;
}

export interface Checked {
  read: number;
  errors: ImportIssue[];
  planned: PlannedRow[];
  changes: ImportChange[];
  counts: ImportCounts;
  /** The records as read now (those the file matches) and what the file would do: execute compares it with the preview's. */
  token: string;
}

const key = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

/** The fields an import sets: declared, in the create or update schema, neither read-only nor a password nor excluded. */
export function importFields(ctx: ResourceContext): Array<[string, FieldDecl]> {
  const writable = new Set([...schemaKeys(ctx.decl.schemas.create), ...schemaKeys(ctx.decl.schemas.update)]);
  const exclude = new Set(ctx.decl.import?.exclude ?? []);
  return Object.entries(ctx.decl.fields).filter(
    ([n, f]) => writable.has(n) && !f.readOnly && f.type !== 'password' && !exclude.has(n) && f.form !== false,
  );
}

function columnsOf(ctx: ResourceContext, sheet: ImportSheet): ImportColumn[] {
  const byHeader = new Map<string, number>();
  sheet.headers.forEach((h, i) => {
    if (h && !byHeader.has(key(h))) byHeader.set(key(h), i);
  });
  const columns = importFields(ctx).flatMap(([field, f]) => {
    const col = byHeader.get(key(field));
    return col === undefined ? [] : [{ field, f, col, header: sheet.headers[col]! }];
  });
  const missing = ctx.decl.import!.key.filter((k) => !columns.some((c) => c.field === k));
  if (missing.length)
    throw badRequest(
      `The sheet lacks the columns ${missing.join(', ')}`,
      { file: { code: 'columns_missing', params: { columns: missing.join(', ') } } },
      'columns_missing',
    );
  return columns;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Whether an object schema's field takes a number rather than its text (an amount as `moneyAmount`): asked of the field's schema itself. */
function takesNumber(schema: unknown, field: string): boolean {
  const f = (schema as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape?.[field];
  return !!f && !f.safeParse('1').success && f.safeParse(1).success;
}

const parseWith = (schema: unknown, body: Row) =>
  (schema as { safeParse(v: unknown): { success: true; data: Row } | { success: false; error: { issues: IssueShape[] } } }).safeParse(body);
interface IssueShape {
  path: PropertyKey[];
  code: string;
  message?: string;
}

/** Reads and checks the sheet against the records the caller may read (locked, when execute asks). */
export async function checkSheet(
  ctx: ResourceContext,
  db: Db | Tx,
  user: CurrentUser,
  sheet: ImportSheet,
  opts: { lock?: boolean } = {},
): Promise<Checked> {
  const { decl } = ctx;
  const imp = decl.import!;
  const columns = columnsOf(ctx, sheet);
  const refs = new Map<string, RefIndex>();
  for (const c of columns) if (c.f.ref) refs.set(c.field, await refIndex(ctx, db, c.f));
  const query = db.select().from(ctx.table).where(where(ctx, user));
  const existing = (await (opts.lock ? query.for('update') : query)).map((r) => r as Row);
  const entity = (r: Row) => ctx.toEntity(r);
  // The records by their key, as the file's cells resolve to it (texts case- and accent-insensitively).
  const keyOf = (values: Row) =>
    JSON.stringify(imp.key.map((k) => (typeof values[k] === 'string' ? matchText(values[k]) : (values[k] ?? null))));
  const byKey = new Map<string, Row[]>();
  for (const r of existing) {
    const e = entity(r);
    byKey.set(keyOf(e), [...(byKey.get(keyOf(e)) ?? []), r]);
  }
  const updateKeys = new Set(schemaKeys(decl.schemas.update));
  const errors: ImportIssue[] = [];
  const planned: PlannedRow[] = [];
  const seenKeys = new Map<string, number>();
  const headers = Object.fromEntries(columns.map((c) => [c.field, c.header]));
  // Amounts a schema takes as numbers (a rate, a salary expected) rather than as decimal text.
  const numeric = new Set(columns.filter((c) => takesNumber(decl.schemas.create, c.field)).map((c) => c.field));

  for (const { row, cells } of sheet.rows) {
    const text = Object.fromEntries(columns.map((c) => [c.field, cells[c.col]?.text ?? null]));
    const issue = (field: string | undefined, code: string, params?: ImportIssue['params']) =>
      errors.push({
        row,
        column: field ? (headers[field] ?? field) : '',
        value: field ? (text[field] ?? null) : null,
        code,
        ...(params ? { params } : {}),
      });
    const before = errors.length;
    const given: Row = {};
    for (const c of columns) {
      const v = convertCell(c.f, cells[c.col] ?? { text: null }, refs.get(c.field));
      if ('problem' in v) issue(c.field, v.problem.code, v.problem.params);
      else given[c.field] = numeric.has(c.field) && typeof v.value === 'string' && NUMBER.test(v.value) ? Number(v.value) : v.value;
    }
    // A key's part may be empty (a candidate without an e-mail), not the whole key.
    if (imp.key.every((k) => given[k] === null || given[k] === undefined)) issue(imp.key[0], 'required');
    if (errors.length > before) continue;
    const rowKey = keyOf(given);
    const first = seenKeys.get(rowKey);
    if (first !== undefined) {
      issue(imp.key[0], 'duplicate_row', { row: first });
      continue;
    }
    seenKeys.set(rowKey, row);
    const matches = byKey.get(rowKey) ?? [];
    if (matches.length > 1) {
      issue(imp.key[0], 'key_ambiguous', { count: matches.length });
      continue;
    }
    const record = matches[0];
    const keyText = imp.key.map((k) => text[k] ?? '').join(' · ');
    const schemaIssues = (issues: IssueShape[], body: Row) => {
      for (const i of issues) {
        // The value as given: a text where a number was expected is not a missing value.
        const { code, params } = issueOf({ ...i, input: body[String(i.path[0])] } as Parameters<typeof issueOf>[0]);
        issue(String(i.path[0] ?? imp.key[0]), code, params);
      }
    };
    if (!record) {
      let body: Row = { ...(imp.createDefaults?.() ?? {}) };
      for (const [k, v] of Object.entries(given)) if (v !== null && !(Array.isArray(v) && !v.length)) body[k] = v;
      // A role that writes only its own rows creates them as theirs, as the create route does.
      if (ownerScoped(ctx, user, true) && body[decl.owner!.field] == null) body[decl.owner!.field] = user.id;
      if (!ownerAllowsWrite(decl, user, body)) issue(decl.owner!.field, 'not_owner');
      const parsed = parseWith(decl.schemas.create, body);
      if (!parsed.success) schemaIssues(parsed.error.issues, body);
      if (errors.length > before) continue;
      body = parsed.success ? parsed.data : body;
      const fields = columns
        .filter((c) => body[c.field] !== undefined && body[c.field] !== null && comparable(c.f, body[c.field]) !== '')
        .map((c) => ({ field: c.field, old: null, new: shown(c.f, body[c.field], refs.get(c.field)) ?? '' }));
      const label = String(body[decl.recordTitle] ?? keyText);
      planned.push({ row, values: body, headers, cells: text, change: { row, action: 'create', key: keyText, id: null, label, fields } });
      continue;
    }
    const now = entity(record);
    if (!ownerAllowsWrite(decl, user, record)) {
      issue(decl.owner?.field ?? imp.key[0], 'not_owner');
      continue;
    }
    const body: Row = {};
    for (const c of columns) if (updateKeys.has(c.field)) body[c.field] = given[c.field];
    const parsed = parseWith(decl.schemas.update, body);
    if (!parsed.success) {
      schemaIssues(parsed.error.issues, body);
      continue;
    }
    const values: Row = {};
    const fields: ImportChange['fields'] = [];
    for (const c of columns) {
      if (!(c.field in parsed.data)) continue;
      const next = parsed.data[c.field];
      if (comparable(c.f, next) === comparable(c.f, now[c.field])) continue;
      values[c.field] = next;
      fields.push({ field: c.field, old: shown(c.f, now[c.field], refs.get(c.field)), new: shown(c.f, next, refs.get(c.field)) ?? '' });
    }
    if (values[decl.owner?.field ?? ''] !== undefined && !ownerAllowsWrite(decl, user, values)) {
      issue(decl.owner!.field, 'not_owner');
      continue;
    }
    const action = fields.length ? 'update' : 'unchanged';
    planned.push({
      row,
      values,
      existing: record,
      headers,
      cells: text,
      change: { row, action, key: keyText, id: String(record.id), label: String(now[decl.recordTitle] ?? keyText), fields },
    });
  }
  uniqueInFile(ctx, planned, errors);
  const changes = planned.map((p) => p.change);
  const counts = { create: 0, update: 0, unchanged: 0 };
  for (const c of changes) counts[c.action]++;
  const token = createHash('sha256')
    .update(
      JSON.stringify([
        changes.map((c) => [c.action, c.id, c.fields]),
        planned.filter((p) => p.existing).map((p) => [p.existing!.id, p.existing!.updatedAt]),
      ]),
    )
    .digest('base64url');
  const failed = new Set(errors.map((e) => e.row));
  return { read: sheet.rows.length, errors, planned: planned.filter((p) => !failed.has(p.row)), changes, counts, token };
}

/** Two rows of the file giving one unique value (a code, an e-mail): the second names the first. */
function uniqueInFile(ctx: ResourceContext, planned: PlannedRow[], errors: ImportIssue[]) {
  for (const [field] of ctx.uniqueFields) {
    const seen = new Map<string, number>();
    for (const p of planned) {
      const v = p.values[field] ?? (p.existing ? ctx.toEntity(p.existing)[field] : undefined);
      if (v === null || v === undefined) continue;
      const k = typeof v === 'string' ? v.trim().toLowerCase() : String(v);
      const first = seen.get(k);
      if (first === undefined) seen.set(k, p.row);
      else
        errors.push({
          row: p.row,
          column: p.headers[field] ?? field,
          value: p.cells[field] ?? null,
          code: 'duplicate_row',
          params: { row: first },
        });
    }
  }
}
