import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { ImportIssue } from '../../../domain/imports.js';
import { AppError, pgError } from '../errors.js';
import type { ResourceContext } from './context.js';
import type { PlannedRow } from './import-check.js';
import type { Row, Tx } from './resource-module.js';
import { afterWrite, assertOpen, assertOwnerWrite, checkValues, writeContext } from './write-steps.js';

/**
 * The file's creates and updates, row by row, each through the steps the kit's own create and
 * update take (owner scope, write guards such as the month close, references and unique values,
 * the module's hooks, the row's audit entry) in the caller's one transaction. A row refused says
 * why as a problem of the row; the caller rolls everything back when any row was refused (a
 * validation's dry run always does).
 */
export async function applyRows(
  ctx: ResourceContext,
  req: FastifyRequest,
  tx: Tx,
  planned: readonly PlannedRow[],
): Promise<{ errors: ImportIssue[]; created: Row[]; updated: Row[] }> {
  const { m } = ctx;
  const w = writeContext(ctx, req, tx);
  const errors: ImportIssue[] = [];
  const created: Row[] = [];
  const updated: Row[] = [];
  for (const p of planned) {
    if (p.change.action === 'unchanged') continue;
    try {
      if (p.change.action === 'create') {
        let values = { ...p.values };
        assertOwnerWrite(ctx, w.user, values);
        await assertOpen(ctx, tx, undefined, values);
        await checkValues(ctx, tx, values);
        if (m.beforeCreate) values = await m.beforeCreate(values, w);
        const [row] = (await tx
          .insert(m.table)
          .values({ ...values, createdBy: w.user.id } as never)
          .returning()) as Row[];
        await afterWrite(ctx, w, 'created', row!, undefined);
        created.push(row!);
      } else {
        const existing = p.existing!;
        let values = { ...p.values };
        assertOwnerWrite(ctx, w.user, values, existing);
        await assertOpen(ctx, tx, existing, { ...existing, ...values });
        await checkValues(ctx, tx, values, String(existing.id));
        if (m.beforeUpdate) values = await m.beforeUpdate(values, existing, w);
        const [row] = (await tx
          .update(m.table)
          .set({ ...values, updatedAt: sql`now()` } as never)
          .where(eq(m.table.id, existing.id as string))
          .returning()) as Row[];
        await afterWrite(ctx, w, 'updated', row!, existing);
        updated.push(row!);
      }
    } catch (err) {
      const refused = rowProblem(err, p);
      if (!refused) throw err;
      errors.push(refused);
      // A statement the database refused ends the transaction: the rows after it cannot be tried.
      if (pgError(err)) break;
    }
  }
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
