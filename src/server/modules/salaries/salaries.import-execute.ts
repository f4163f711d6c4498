import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import { importExecuteSchema, salaryImportQuerySchema, type ImportRecord } from '../../../domain/modules/salaries/salaries.schema.js';
import { salaryNet, type ImportPlan, type ParsedRow } from '../../../domain/modules/salaries/salaries.rules.js';
import type { Db } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import { conflict, pgError } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { auditLog } from '../audit/audit.table.js';
import { readUpload, storeFile } from '../files/files.service.js';
import {
  check,
  importRecord,
  importRoute,
  invalid,
  monthDigest,
  planOf,
  recordOf,
  sha256,
  upload,
  type Checked,
} from './salaries.import-check.js';
import { auditableSalary, salaryReaders } from './salaries.service.js';
import { salaries, salaryImports } from './salaries.table.js';

const decl = salariesResource;
const { tags, access, base } = importRoute;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A test-only probe inside execute's transaction (set in-process, never reachable over HTTP): a
 * failure thrown after some rows are written proves the import is all or nothing.
 */
export const importProbe: { afterRows?: (written: number) => void | Promise<void> } = {};

/** Execute: the previewed changes applied in one transaction, once per file and month. */
export function registerImportExecute(app: Api, s: Services) {
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
}

/** Writes the plan's creates and updates with an audit entry each; the probe may fail it half-way. */
async function apply(tx: Tx, plan: ImportPlan, c: Checked, actorId: string, requestId: string): Promise<string[]> {
  const byRow = new Map(c.parsed.map((p) => [p.row, p]));
  const byUser = new Map(c.rows.map((r) => [r.userId, r]));
  const ids: string[] = [];
  // Written 500 at a time, in the order made: the entries (each a whole row) are not all kept at once.
  let audits: Array<typeof auditLog.$inferInsert> = [];
  const flush = async (all = false) => {
    if (audits.length < 500 && !(all && audits.length)) return;
    await tx.insert(auditLog).values(audits);
    audits = [];
  };
  const valuesOf = (p: ParsedRow) => ({ ...p.amounts, net: salaryNet(p.amounts, p.currency), currency: p.currency });
  const creates: ParsedRow[] = [];
  let written = 0;
  for (const change of plan.changes) {
    if (change.action === 'unchanged') continue;
    const p = byRow.get(change.row)!;
    if (change.action === 'create') {
      creates.push(p);
    } else {
      const was = byUser.get(p.person.id)!;
      const [after] = await tx
        .update(salaries)
        .set({ ...valuesOf(p), updatedAt: sql`now()` })
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
      await flush();
      written++;
      await importProbe.afterRows?.(written);
    }
  }
  // Each statement's rows made when it is written, not all of them first.
  for (let i = 0; i < creates.length; i += 500) {
    const made = await tx
      .insert(salaries)
      .values(
        creates
          .slice(i, i + 500)
          .map((p) => ({ userId: p.person.id, month: p.month, ...valuesOf(p), status: 'draft', createdBy: actorId })),
      )
      .returning();
    for (const r of made) {
      ids.push(r.id);
      audits.push({ actorId, entity: decl.name, entityId: r.id, action: 'created', before: null, after: auditableSalary(r), requestId });
    }
    await flush();
    written += made.length;
    await importProbe.afterRows?.(written);
  }
  await flush(true);
  return ids;
}
