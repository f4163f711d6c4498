import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { ImportIssue } from '../../../domain/imports.js';
import { AppError, pgError } from '../errors.js';
import type { ResourceContext } from './context.js';
import type { PlannedRow } from './import-check.js';
import type { Row, Tx, WriteAction } from './resource-module.js';
import type { AuditEntry } from './hooks.js';
import { assertOpen, assertOwnerWrite, auditable, checkValuesMany, writeContext } from './write-steps.js';

/**
 * The file's creates and updates, each through the steps the kit's own create and update take:
 * owner scope, write guards (the month close), references and unique values, the module's hooks,
 * the row's audit entry, in the caller's one transaction. A refused row says why as a problem of
 * its row; the caller rolls everything back when any row was refused (a validation's dry run
 * always does). Unique values and references are checked for all rows at once, and creates of a
 * resource without a `beforeCreate` hook are inserted in batches: the same rules at import's scale.
 */
export async function applyRows(
  ctx: ResourceContext,
  req: FastifyRequest,
  tx: Tx,
  planned: readonly PlannedRow[],
  opts: { dryRun?: boolean } = {},
): Promise<{ errors: ImportIssue[]; created: Row[]; updated: Row[] }> {
  const { m, decl } = ctx;
  const w = writeContext(ctx, req, tx);
  const todo = planned.filter((p) => p.change.action !== 'unchanged');
  const errors: ImportIssue[] = [];
  const created: Row[] = [];
  const updated: Row[] = [];
  let audits: AuditEntry[] = [];
  // Written 500 at a time: the entries (each a whole row) are not all kept at once.
  const flush = async (all = false) => {
    if (audits.length >= 500 || (all && audits.length)) await ctx.s.kit.audit.writeMany(tx, audits);
    if (audits.length >= 500 || all) audits = [];
  };
  // What the live event needs of a row (its id and owner), not the row.
  const kept = (row: Row): Row => (decl.owner ? { id: row.id, [decl.owner.field]: row[decl.owner.field] } : { id: row.id });
  const audit = (action: WriteAction, row: Row, before: Row | undefined): AuditEntry => ({
    actorId: w.user.id,
    entity: decl.name,
    entityId: String(row.id),
    action,
    before: auditable(ctx, before),
    after: auditable(ctx, row),
    requestId: req.id,
  });
  const refused = await checkValuesMany(
    ctx,
    tx,
    todo.map((p) => ({ values: p.values, selfId: p.existing ? String(p.existing.id) : undefined })),
  );
  const batch: Row[] = [];
  for (const [i, p] of todo.entries()) {
    try {
      if (refused.has(i)) throw refused.get(i);
      let values = { ...p.values };
      if (p.change.action === 'create') {
        assertOwnerWrite(ctx, w.user, values);
        await assertOpen(ctx, tx, undefined, values);
        if (!m.beforeCreate) {
          batch.push(values);
          continue;
        }
        values = await m.beforeCreate(values, w);
        const [row] = (await tx
          .insert(m.table)
          .values({ ...values, createdBy: w.user.id } as never)
          .returning()) as Row[];
        audits.push(audit('created', row!, undefined));
        await m.afterWrite?.('created', row!, undefined, w);
        created.push(kept(row!));
      } else {
        const existing = p.existing!;
        assertOwnerWrite(ctx, w.user, values, existing);
        await assertOpen(ctx, tx, existing, { ...existing, ...values });
        if (m.beforeUpdate) values = await m.beforeUpdate(values, existing, w);
        const [row] = (await tx
          .update(m.table)
          .set({ ...values, updatedAt: sql`now()` } as never)
          .where(eq(m.table.id, existing.id as string))
          .returning()) as Row[];
        audits.push(audit('updated', row!, existing));
        await m.afterWrite?.('updated', row!, existing, w);
        updated.push(kept(row!));
      }
      await flush();
    } catch (err) {
      const problem = rowProblem(err, p);
      if (!problem) throw err;
      errors.push(problem);
      // A statement the database refused ends the transaction: the rows after it cannot be tried.
      if (pgError(err)) return { errors, created, updated };
    }
  }
  // A dry run has tried every rule of these rows: the batch's insert only writes what was checked.
  if (errors.length || opts.dryRun) return { errors, created, updated };
  // In statements of 500 rows: a statement's parameters are limited (65 535).
  for (let i = 0; i < batch.length; i += 500) {
    let rows: Row[];
    try {
      rows = (await tx
        .insert(m.table)
        .values(batch.slice(i, i + 500).map((values) => ({ ...values, createdBy: w.user.id })) as never)
        .returning()) as Row[];
    } catch (err) {
      // A unique value taken by another writer since the check above, or a rule only the database
      // states: the file is refused (422), not failed.
      const code = pgError(err)?.code;
      if (!code?.startsWith('23')) throw err;
      const first = todo.find((p) => p.change.action === 'create')!.row;
      return { errors: [{ row: first, column: '', value: null, code: code === '23505' ? 'unique' : 'invalid' }], created, updated };
    }
    for (const row of rows) {
      audits.push(audit('created', row, undefined));
      await m.afterWrite?.('created', row, undefined, w);
      created.push(kept(row));
    }
    await flush();
  }
  await flush(true);
  return { errors, created, updated };
}

/** A refusal of the write as a problem of its row: the field it names (else the key's), the code and its parameters. */
function rowProblem(err: unknown, p: PlannedRow): ImportIssue | undefined {
  const pg = pgError(err);
  if (pg?.code === '23505') return { row: p.row, column: '', value: null, code: 'unique' };
  if (!(err instanceof AppError) || err.statusCode >= 500) return undefined;
  const [field, issue] = Object.entries(err.issues ?? {})[0] ?? [];
  const column = field && p.headers[field] ? p.headers[field] : (Object.values(p.headers)[0] ?? '');
  const columnField = Object.entries(p.headers).find(([, h]) => h === column)?.[0];
  return {
    row: p.row,
    column,
    value: columnField ? (p.cells[columnField] ?? null) : null,
    code: issue?.code ?? err.code,
    ...(issue?.params ? { params: issue.params } : {}),
  };
}
