import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import { assertMonthsOpen } from '../month-close/month-close.service.js';
import {
  importExecuteSchema,
  importPreviewSchema,
  importRecordSchema,
  importValidationSchema,
  SALARY_AMOUNTS,
  salaryImportQuerySchema,
  type ImportIssue,
  type ImportRecord,
  type SalaryStatus,
} from '../../../domain/modules/salaries/salaries.schema.js';
import {
  planImport,
  validateImportRows,
  type ExistingSalary,
  type ImportPerson,
  type ImportPlan,
  type ParsedRow,
  salaryNet,
} from '../../../domain/modules/salaries/salaries.rules.js';
import { formatMoney } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import { AppError, conflict, notFound, pgError } from '../../http/errors.js';
import { XLSX_TYPE } from '../../http/export.js';
import type { Services } from '../../services.js';
import { auditLog } from '../audit/audit.table.js';
import { readUpload, sendStoredFile, storeFile } from '../files/files.service.js';
import { users } from '../users/users.table.js';
import { auditableSalary, salaryReaders } from './salaries.routes.js';
import type { SalaryRow } from './salaries.service.js';
import { salaries, salaryImports } from './salaries.table.js';
import { readSheet, writeErrorSheet, writeSheet, type ReadSheet } from './salaries.workbook.js';

const decl = salariesResource;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select' | 'execute' | 'insert' | 'delete'>;

/**
 * A test-only probe inside execute's transaction (set in-process, never reachable over HTTP): a
 * failure thrown after some rows are written proves the import is all or nothing.
 */
export const importProbe: { afterRows?: (written: number) => void | Promise<void> } = {};

const upload = {
  multipartBody: {
    fields: {
      file: {
        description: 'The filled sheet (.xlsx), at most the server’s file limit; formulas are read as their saved values',
        binary: true,
      },
    },
    required: ['file'],
  },
};

/** The people an import may name, by lower-cased e-mail. */
async function peopleByEmail(db: Reader): Promise<Map<string, ImportPerson>> {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.fullName, status: users.status, archivedAt: users.archivedAt })
    .from(users)
    .orderBy(asc(users.archivedAt));
  const map = new Map<string, ImportPerson>();
  // A live account wins over an archived one with the same address.
  for (const r of rows.reverse())
    map.set(r.email.toLowerCase(), { id: r.id, email: r.email, name: r.name, archived: !!r.archivedAt || r.status === 'inactive' });
  return map;
}

const toExisting = (r: SalaryRow): ExistingSalary => ({
  id: r.id,
  userId: r.userId,
  currency: r.currency,
  status: r.status as SalaryStatus,
  net: formatMoney(r.net, r.currency),
  ...(Object.fromEntries(SALARY_AMOUNTS.map((f) => [f, formatMoney(r[f], r.currency)])) as Record<(typeof SALARY_AMOUNTS)[number], string>),
});

async function monthRows(db: Reader, month: string, lock = false): Promise<SalaryRow[]> {
  const q = db
    .select()
    .from(salaries)
    .where(and(eq(salaries.month, month), isNull(salaries.archivedAt)))
    .orderBy(asc(salaries.id));
  return lock ? (q as unknown as { for: (s: 'update') => Promise<SalaryRow[]> }).for('update') : q;
}

/** The month's salaries as a digest: execute compares it with the preview's (409 `import_stale` when they differ). */
const monthDigest = (rows: readonly SalaryRow[]) =>
  createHash('sha256')
    .update(JSON.stringify(rows.map((r) => [r.id, r.updatedAt, r.status, r.currency, ...SALARY_AMOUNTS.map((f) => r[f])])))
    .digest('base64url');

interface Checked {
  sheet: ReadSheet;
  errors: ImportIssue[];
  parsed: ParsedRow[];
  read: number;
  rows: SalaryRow[];
  existing: Map<string, ExistingSalary>;
}

/** Reads and validates the sheet against the people and the month's salaries as they are now. */
async function check(db: Reader, content: Buffer, month: string, lock = false, raw = false): Promise<Checked> {
  // A closed month takes no import: said at the first step, not only at the last (decision 017).
  await assertMonthsOpen(db, salariesResource.closesWithMonth, undefined, { month });
  const sheet = await readSheet(content, { raw });
  const [people, rows] = [await peopleByEmail(db), await monthRows(db, month, lock)];
  const existing = new Map(rows.map((r) => [r.userId, toExisting(r)]));
  const { errors, parsed, read } = validateImportRows(sheet.rows, { month, people, existing });
  return { sheet, errors, parsed, read, rows, existing };
}

const invalid = (errors: ImportIssue[]) =>
  new AppError(422, `The file has ${errors.length} error(s): validate it and fix them first`, {
    code: 'import_invalid',
    issues: { file: { code: 'import_invalid', params: { errors: errors.length } } },
  });

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function importRecord(db: Reader, where: ReturnType<typeof eq>): Promise<ImportRecord | undefined> {
  const [r] = await db
    .select({ i: salaryImports, name: users.fullName })
    .from(salaryImports)
    .leftJoin(users, eq(users.id, salaryImports.createdBy))
    .where(where)
    .limit(1);
  return r ? recordOf(r.i, r.name) : undefined;
}
const recordOf = (i: typeof salaryImports.$inferSelect, name: string | null): ImportRecord => ({
  id: i.id,
  month: i.month,
  fileName: i.fileName,
  sha256: i.sha256,
  fileId: i.fileId,
  counts: i.counts,
  totals: i.totals,
  createdAt: i.createdAt,
  createdBy: i.createdBy,
  createdByName: name,
});

/**
 * The import: template (the month's sheet), validate (every problem, no write), preview (what
 * would change), execute (all or nothing, once per file and month), and the imports kept.
 */
export function registerSalaryImport(app: Api, s: Services) {
  const tags = [decl.name];
  const access = { resource: decl.name, action: 'import' };
  const base = `/${decl.path}/import`;

  app.get(
    `${base}/template`,
    {
      config: { access },
      schema: {
        tags,
        summary:
          "The month's sheet: one row per active person (e-mail, name, month, amounts, currency from a list). It is also the month's export: imported back, it changes nothing",
        querystring: salaryImportQuerySchema,
      },
    },
    async (req, reply) => {
      const { month } = req.query as { month: string };
      const people = await s.db
        .select({ id: users.id, email: users.email, name: users.fullName, status: users.status })
        .from(users)
        .where(isNull(users.archivedAt))
        .orderBy(asc(users.fullName), asc(users.id));
      const rows = new Map((await monthRows(s.db, month)).map((r) => [r.userId, r]));
      // Each person's currency: this month's salary's, else their latest, else the firm's base.
      const latest = new Map(
        (
          await s.db
            .selectDistinctOn([salaries.userId], { userId: salaries.userId, currency: salaries.currency })
            .from(salaries)
            .where(isNull(salaries.archivedAt))
            .orderBy(salaries.userId, desc(salaries.month))
        ).map((r) => [r.userId, r.currency]),
      );
      const lines = people
        .filter((p) => p.status !== 'inactive' || rows.has(p.id))
        .map((p) => {
          const r = rows.get(p.id);
          const currency = r?.currency ?? latest.get(p.id) ?? s.config.BASE_CURRENCY ?? 'USD';
          return {
            email: p.email,
            name: p.name,
            month,
            currency,
            amounts: r ? Object.fromEntries(SALARY_AMOUNTS.map((f) => [f, formatMoney(r[f], r.currency)])) : {},
          };
        });
      const file = await writeSheet(lines);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="salaries-${month}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    `${base}/validate`,
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary: 'Every problem of every row of the sheet, as { row, column, value, code }; nothing is written',
        consumes: ['multipart/form-data'],
        querystring: salaryImportQuerySchema,
        response: { 200: importValidationSchema },
      },
    },
    async (req) => {
      const { month } = req.query as { month: string };
      const { content } = await readUpload(req);
      const c = await check(s.db, content, month);
      return { month, rows: c.read, errors: c.errors };
    },
  );

  app.post(
    `${base}/errors`,
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary: "The sheet's rows that have errors, each with an errors column (what validate reports, row by row)",
        consumes: ['multipart/form-data'],
        querystring: salaryImportQuerySchema,
      },
    },
    async (req, reply) => {
      const { month } = req.query as { month: string };
      const { name, content } = await readUpload(req);
      const c = await check(s.db, content, month, false, true);
      const file = await writeErrorSheet(c.sheet, c.errors);
      const stem = name.replace(/\.xlsx$/i, '').replace(/[^\w.-]+/g, '_') || 'salaries';
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${stem}-errors.xlsx"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  const planOf = (c: Checked): ImportPlan => planImport(c.parsed, c.existing, [...c.existing.values()]);

  app.post(
    `${base}/preview`,
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary:
          'Per person: create, update (each field old → new) or unchanged, and the month’s net per currency before and after; a file with errors is 422',
        consumes: ['multipart/form-data'],
        querystring: salaryImportQuerySchema,
        response: { 200: importPreviewSchema },
      },
    },
    async (req) => {
      const { month } = req.query as { month: string };
      const { content } = await readUpload(req);
      const c = await check(s.db, content, month);
      if (c.errors.length) throw invalid(c.errors);
      const plan = planOf(c);
      return { month, sha256: sha256(content), previewToken: monthDigest(c.rows), ...plan };
    },
  );

  app.post(
    `${base}/execute`,
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary:
          'Applies the previewed changes in one transaction, all or nothing. The same file for the same month applies once (a second execute answers with the first import). 409 import_stale when the month changed since the preview',
        consumes: ['multipart/form-data'],
        querystring: salaryImportQuerySchema.extend({ previewToken: z.string().min(1).max(200) }),
        response: { 200: importExecuteSchema },
      },
    },
    async (req) => {
      const user = req.user!;
      const { month, previewToken } = req.query as { month: string; previewToken: string };
      const { name, content } = await readUpload(req);
      const hash = sha256(content);
      const keyed = and(eq(salaryImports.sha256, hash), eq(salaryImports.month, month))!;
      const done = await importRecord(s.db, keyed);
      if (done) return { applied: false, import: done };
      let result: { applied: boolean; import: ImportRecord; ids: string[] };
      try {
        result = await s.db.transaction(async (tx) => {
          // Imports of one month queue; the month's rows are locked while the file is applied.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`salary-import:${month}`}))`);
          const again = await importRecord(tx, keyed);
          if (again) return { applied: false, import: again, ids: [] };
          const c = await check(tx, content, month, true);
          if (c.errors.length) throw invalid(c.errors);
          if (monthDigest(c.rows) !== previewToken)
            throw conflict(`The salaries of ${month} changed since the preview: preview the file again`, 'import_stale', {
              file: { code: 'import_stale', params: { month } },
            });
          const plan = planOf(c);
          const ids = await apply(tx, plan, c, user.id, req.id);
          const stored = await storeFile(
            tx as unknown as Db,
            { name, content, ownerId: user.id },
            { allowed: ['xlsx'], maxBytes: s.config.FILE_MAX_BYTES },
          );
          const [rec] = await tx
            .insert(salaryImports)
            .values({
              month,
              fileName: stored.name,
              sha256: hash,
              fileId: stored.id,
              counts: plan.counts,
              totals: plan.totals,
              createdBy: user.id,
            })
            .returning();
          await tx.insert(auditLog).values({
            actorId: user.id,
            entity: 'salary-imports',
            entityId: rec!.id,
            action: 'created',
            after: { month, fileName: stored.name, sha256: hash, counts: plan.counts },
            requestId: req.id,
          });
          return { applied: true, import: recordOf(rec!, user.fullName ?? null), ids };
        });
      } catch (err) {
        // The same file executed at the same moment: the first wins, the second answers with its result.
        if (pgError(err)?.code === '23505' && pgError(err)?.constraint === 'salary_imports_file_month_key') {
          const first = await importRecord(s.db, keyed);
          if (first) return { applied: false, import: first };
        }
        throw err;
      }
      if (result.ids.length)
        s.realtime.toRoles(salaryReaders, 'live', {
          channel: `resources/${decl.name}`,
          type: 'updated',
          payload: { ids: result.ids.slice(0, 1000) },
          date: new Date().toISOString(),
        });
      return { applied: result.applied, import: result.import };
    },
  );

  /** Writes the plan's creates and updates with an audit entry each; the probe may fail it half-way. */
  async function apply(tx: Tx, plan: ImportPlan, c: Checked, actorId: string, requestId: string): Promise<string[]> {
    const byRow = new Map(c.parsed.map((p) => [p.row, p]));
    const byUser = new Map(c.rows.map((r) => [r.userId, r]));
    const ids: string[] = [];
    const audits: Array<typeof auditLog.$inferInsert> = [];
    const creates: Array<typeof salaries.$inferInsert> = [];
    let written = 0;
    for (const change of plan.changes) {
      if (change.action === 'unchanged') continue;
      const p = byRow.get(change.row)!;
      const net = salaryNet(p.amounts, p.currency);
      const values = { ...p.amounts, net, currency: p.currency };
      if (change.action === 'create') {
        creates.push({ userId: p.person.id, month: p.month, ...values, status: 'draft', createdBy: actorId });
      } else {
        const was = byUser.get(p.person.id)!;
        const [after] = await tx
          .update(salaries)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(salaries.id, was.id))
          .returning();
        ids.push(was.id);
        audits.push({
          actorId,
          entity: decl.name,
          entityId: was.id,
          action: 'updated',
          before: auditableSalary(was),
          after: auditableSalary(after!),
          requestId,
        });
        written++;
        await importProbe.afterRows?.(written);
      }
    }
    for (let i = 0; i < creates.length; i += 500) {
      const made = await tx
        .insert(salaries)
        .values(creates.slice(i, i + 500))
        .returning();
      for (const r of made) {
        ids.push(r.id);
        audits.push({ actorId, entity: decl.name, entityId: r.id, action: 'created', before: null, after: auditableSalary(r), requestId });
      }
      written += made.length;
      await importProbe.afterRows?.(written);
    }
    for (let i = 0; i < audits.length; i += 500) await tx.insert(auditLog).values(audits.slice(i, i + 500));
    return ids;
  }

  app.get(
    `/${decl.path}/imports`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'The imports executed, newest first: who, when, the file, its hash, the counts',
        response: { 200: z.array(importRecordSchema) },
      },
    },
    async () => {
      const rows = await s.db
        .select({ i: salaryImports, name: users.fullName })
        .from(salaryImports)
        .leftJoin(users, eq(users.id, salaryImports.createdBy))
        .orderBy(desc(salaryImports.createdAt))
        .limit(200);
      return rows.map((r) => recordOf(r.i, r.name));
    },
  );

  app.get(
    `/${decl.path}/imports/:id/file`,
    {
      config: { access },
      schema: { tags, summary: 'The file an import applied, as uploaded', params: z.object({ id: z.uuid({ message: 'invalid_id' }) }) },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const [rec] = await s.db.select({ fileId: salaryImports.fileId }).from(salaryImports).where(eq(salaryImports.id, id));
      if (!rec) throw notFound('Import');
      return sendStoredFile(s.db, reply, rec.fileId);
    },
  );
}
