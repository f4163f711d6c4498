import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  importExecuteQuerySchema,
  importExecuteSchema,
  importPreviewSchema,
  importRecordSchema,
  importValidationSchema,
  type ImportIssue,
  type ImportRecord,
} from '../../../domain/imports.js';
import type { Db } from '../../db/client.js';
import { plainJson } from '../api.js';
import { AppError, conflict, notFound, pgError } from '../errors.js';
import { XLSX_TYPE } from '../export.js';
import { readImportSheet, writeImportErrors } from '../import-sheet.js';
import { idParams, type ResourceContext } from './context.js';
import { exportList } from './export-route.js';
import { applyRows } from './import-apply.js';
import { checkSheet, type Checked } from './import-check.js';
import { resourceImports } from './imports.table.js';
import { labelsOf } from './registry.js';
import type { Row, Tx } from './resource-module.js';
import { emitLive } from './write-steps.js';

/**
 * A declared import (`decl.import`): the template (the list's own export), validate (every
 * problem, nothing written), the error file, preview (create / update old → new / unchanged),
 * execute (one transaction, all or nothing, once per file), and the imports kept with their files.
 */
export function registerImport(ctx: ResourceContext) {
  const { app, s, decl, url, tags } = ctx;
  if (!decl.import) return;
  const access = ctx.access('import');
  const upload = {
    multipartBody: {
      fields: {
        file: {
          description:
            'The sheet (.xlsx from any spreadsheet program, or .csv in UTF-8 separated by , ; or tab); formulas are read as their saved values',
          binary: true,
        },
      },
      required: ['file'],
    },
  };
  const keyText = decl.import.key.join(', ');

  app.get(
    url('/import/template'),
    {
      config: { access },
      schema: {
        tags,
        summary: `The rows the caller reads, as the list exports them with raw keys: imported back, it changes nothing (rows matched by ${keyText})`,
        querystring: z.strictObject({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
      },
    },
    async (req, reply) =>
      exportList(ctx, req, reply, { format: (req.query as { format: 'xlsx' | 'csv' }).format, order: 'asc', filters: [] }),
  );

  app.post(
    url('/import/validate'),
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary: 'Every problem of every row of the file, as { row, column, value, code }; nothing is written',
        consumes: ['multipart/form-data'],
        response: { 200: importValidationSchema },
      },
    },
    async (req) => {
      const { checked } = await validated(ctx, req);
      return { rows: checked.read, errors: checked.errors };
    },
  );

  app.post(
    url('/import/errors'),
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary: "The file's rows that have errors, as .xlsx, each with an errors column (what validate reports, row by row)",
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const { name, sheet, checked } = await validated(ctx, req);
      const file = await writeImportErrors(sheet, checked.errors);
      const stem = name.replace(/\.(xlsx|csv)$/i, '').replace(/[^\w.-]+/g, '_') || decl.name;
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${stem}-errors.xlsx"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    url('/import/preview'),
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary: `Per row: create, update (each field old → new) or unchanged, matched by ${keyText}; the token execute brings back. A file with errors is 422 import_invalid`,
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewSchema },
      },
      // Built key by key in the schema's shape (check-sheet): 10 000 rows' changes are not copied once more on the way out.
      serializerCompiler: plainJson,
    },
    async (req) => {
      const { content, checked } = await validated(ctx, req);
      if (checked.errors.length) throw invalid(checked.errors);
      return { sha256: sha256(content), previewToken: checked.token, counts: checked.counts, changes: checked.changes };
    },
  );

  app.post(
    url('/import/execute'),
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary:
          'Applies the previewed file in one transaction, all or nothing, each row by the create and update rules. The same file applies once (a second execute answers applied: false with the first import). 409 import_stale when the records changed since the preview',
        consumes: ['multipart/form-data'],
        querystring: importExecuteQuerySchema,
        response: { 200: importExecuteSchema },
      },
    },
    async (req) => execute(ctx, req),
  );

  app.get(
    url('/imports'),
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
        .select()
        .from(resourceImports)
        .where(eq(resourceImports.resource, decl.name))
        .orderBy(desc(resourceImports.createdAt))
        .limit(200);
      return recordsOf(ctx, rows);
    },
  );

  app.get(
    url('/imports/:id/file'),
    { config: { access }, schema: { tags, summary: 'The file an import applied, as uploaded', params: idParams } },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const [rec] = await s.db
        .select({ fileId: resourceImports.fileId })
        .from(resourceImports)
        .where(and(eq(resourceImports.id, id), eq(resourceImports.resource, decl.name)));
      if (!rec) throw notFound('Import');
      return s.kit.files.send(s.db, reply, rec.fileId);
    },
  );
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const invalid = (errors: ImportIssue[]) =>
  new AppError(422, `The file has ${errors.length} error(s): validate it and fix them first`, {
    code: 'import_invalid',
    issues: { file: { code: 'import_invalid', params: { errors: errors.length } } },
    details: { errors: errors.slice(0, 1000) },
  });

const byRow = (a: ImportIssue, b: ImportIssue) => a.row - b.row;

/** Thrown to end a dry run: everything it wrote is rolled back. */
class DryRun extends Error {
  constructor(readonly errors: ImportIssue[]) {
    super('dry run');
  }
}

/**
 * The file read and checked, then every row it would write tried by the writes' own steps in a
 * transaction that is always rolled back: validate and preview report what execute would refuse.
 */
async function validated(ctx: ResourceContext, req: FastifyRequest) {
  const { name, content } = await ctx.s.kit.files.readUpload(req);
  const sheet = await readImportSheet(content);
  const checked = await checkSheet(ctx, ctx.s.db, req.user!, sheet);
  if (checked.planned.some((p) => p.change.action !== 'unchanged')) {
    try {
      await ctx.s.db.transaction(async (tx) => {
        throw new DryRun((await applyRows(ctx, req, tx, checked.planned, { dryRun: true })).errors);
      });
    } catch (err) {
      if (!(err instanceof DryRun)) throw err;
      checked.errors.push(...err.errors);
    }
  }
  checked.errors.sort(byRow);
  return { name, content, sheet, checked };
}

async function recordsOf(
  ctx: ResourceContext,
  rows: Array<typeof resourceImports.$inferSelect>,
  db: Db | Tx = ctx.s.db,
): Promise<ImportRecord[]> {
  const names = await labelsOf(
    ctx.s,
    'users',
    rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
    db,
  );
  return rows.map((i) => ({
    id: i.id,
    resource: i.resource,
    fileName: i.fileName,
    sha256: i.sha256,
    fileId: i.fileId,
    counts: i.counts,
    createdAt: i.createdAt,
    createdBy: i.createdBy,
    createdByName: i.createdBy ? (names.get(i.createdBy) ?? null) : null,
  }));
}

async function importOf(ctx: ResourceContext, db: Db | Tx, hash: string): Promise<ImportRecord | undefined> {
  const rows = await db
    .select()
    .from(resourceImports)
    .where(and(eq(resourceImports.resource, ctx.decl.name), eq(resourceImports.sha256, hash)))
    .limit(1);
  return rows.length ? (await recordsOf(ctx, rows, db))[0] : undefined;
}

/** Execute: the file again, checked under lock against the preview's token, every row written, or none. */
async function execute(ctx: ResourceContext, req: FastifyRequest) {
  const { s, decl } = ctx;
  const user = req.user!;
  const { previewToken } = req.query as { previewToken: string };
  const { name, content } = await s.kit.files.readUpload(req);
  const hash = sha256(content);
  const done = await importOf(ctx, s.db, hash);
  if (done) return { applied: false, import: done };
  const sheet = await readImportSheet(content);
  let result: { applied: boolean; import: ImportRecord; created: Row[]; updated: Row[] };
  try {
    result = await s.db.transaction(async (tx) => {
      // Imports of one resource queue: the second of two at once sees the first's record.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${decl.name}`}))`);
      const again = await importOf(ctx, tx, hash);
      if (again) return { applied: false, import: again, created: [], updated: [] };
      const checked: Checked = await checkSheet(ctx, tx, user, sheet, { lock: true });
      if (checked.errors.length) throw invalid(checked.errors);
      if (checked.token !== previewToken)
        throw conflict(`The ${decl.label.toLowerCase()} records changed since the preview: preview the file again`, 'import_stale', {
          file: { code: 'import_stale' },
        });
      const written = await applyRows(ctx, req, tx, checked.planned);
      if (written.errors.length) throw invalid(written.errors.sort(byRow));
      const stored = await s.kit.files.store(
        tx as unknown as Db,
        { name, content, ownerId: user.id },
        { allowed: ['xlsx', 'csv'], maxBytes: s.config.FILE_MAX_BYTES },
      );
      const [rec] = await tx
        .insert(resourceImports)
        .values({ resource: decl.name, fileName: stored.name, sha256: hash, fileId: stored.id, counts: checked.counts, createdBy: user.id })
        .returning();
      await s.kit.audit.write(tx, {
        actorId: user.id,
        entity: 'imports',
        entityId: rec!.id,
        action: 'created',
        after: { resource: decl.name, fileName: stored.name, fileId: stored.id, sha256: hash, counts: checked.counts },
        requestId: req.id,
      });
      const [record] = await recordsOf(ctx, [rec!], tx);
      return { applied: true, import: record!, created: written.created, updated: written.updated };
    });
  } catch (err) {
    // The same file executed at the same moment on another connection: the first wins, the second answers with it.
    if (pgError(err)?.code === '23505' && pgError(err)?.constraint === 'resource_imports_file_key') {
      const first = await importOf(ctx, s.db, hash);
      if (first) return { applied: false, import: first };
    }
    throw err;
  }
  emitLive(ctx, 'created', result.created);
  emitLive(ctx, 'updated', result.updated);
  return { applied: result.applied, import: result.import };
}
