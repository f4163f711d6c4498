import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { countryName } from '../../domain/countries.js';
import type { ResourceDecl } from '../../domain/resource.js';

type Row = Record<string, unknown>;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Sends a workbook as it is written. The caller reads its data before: a bad request or a refusal
 * is still a JSON error, not a download cut short.
 */
export function sendWorkbook(reply: FastifyReply, fileName: string, write: (out: Writable) => Promise<void>) {
  const out = new PassThrough();
  reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}"`).type(XLSX_TYPE);
  write(out).catch((err) => out.destroy(err as Error));
  return reply.send(out);
}

/**
 * Column labels by field, and enum value labels by field and value, as the screen shows them; the
 * screen's locale (BCP 47), in which the file names countries.
 */
export interface ExportLabels {
  columns?: Record<string, string>;
  values?: Record<string, Record<string, string>>;
  locale?: string;
}
const label = z.string().max(200);
const labelsSchema = z.strictObject({
  columns: z.record(z.string().max(100), label).optional(),
  values: z.record(z.string().max(100), z.record(z.string().max(100), label)).optional(),
  locale: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/)
    .optional(),
});
/** The `labels` query parameter: JSON of ExportLabels (a bad one is a 400 on the field). */
export const exportLabelsParam = z
  .string()
  .max(20_000)
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      const parsed = labelsSchema.safeParse(JSON.parse(v));
      if (parsed.success) return parsed.data as ExportLabels;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  });

export interface ExportJob {
  decl: ResourceDecl;
  /** The keys the API answers with: nothing else is exported. */
  entityKeys: string[];
  format: 'xlsx' | 'csv';
  labels?: ExportLabels;
  fileName: string;
  batches: () => AsyncGenerator<Row[]>;
  refLabel: (resource: string, ids: string[]) => Promise<Map<string, string>>;
}

/** Columns of an export: the declared fields the entity has (never a password), refs by their label. */
function exportColumns(decl: ResourceDecl, entityKeys: string[]) {
  return Object.entries(decl.fields)
    .filter(([name, f]) => f.type !== 'password' && entityKeys.includes(name))
    .map(([name, f]) => ({ name, field: f }));
}

/**
 * A spreadsheet cell never starts a formula: text beginning with = + - @ or a tab/CR is
 * prefixed with a quote (OWASP CSV injection), in .csv and .xlsx alike.
 */
export function safeCell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  const text = Array.isArray(v) ? v.join(', ') : String(v);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const csvField = (v: unknown) => {
  const c = safeCell(v);
  if (c === null) return '';
  const text = String(c);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Streams the whole result as .xlsx or .csv, batch by batch: memory stays flat however many rows. */
export async function exportRows(reply: FastifyReply, job: ExportJob) {
  const batches = job.batches();
  // The first batch is read before the answer starts: bad input or a database error is still a
  // proper error response, not a download cut short.
  const head = await batches.next();
  async function* all() {
    if (!head.done) yield head.value;
    yield* batches;
  }
  const rows = all();
  const columns = exportColumns(job.decl, job.entityKeys);
  const header = (name: string) => job.labels?.columns?.[name] ?? name;
  const stamp = new Date().toISOString().slice(0, 10);
  const out = new PassThrough();
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${job.fileName}-${stamp}.${job.format}"`)
    .type(job.format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8');

  const resolve = async (rows: Row[]) => {
    // Reference columns show the referenced row's title, as the screen does.
    const labels = new Map<string, Map<string, string>>();
    for (const { name, field } of columns) {
      if (!field.ref) continue;
      const ids = rows.flatMap((r) => (Array.isArray(r[name]) ? (r[name] as string[]) : r[name] ? [r[name] as string] : []));
      labels.set(name, await job.refLabel(field.ref.resource, ids));
    }
    return rows.map((r) =>
      columns.map(({ name, field }) => {
        const v = r[name];
        // A country by its name in the screen's language; a file to re-import (no labels) keeps the code.
        if (field.display === 'country' && job.labels?.locale && typeof v === 'string') return countryName(v, job.labels.locale);
        const valueLabels = job.labels?.values?.[name];
        if (valueLabels && typeof v === 'string') return valueLabels[v] ?? v;
        const map = labels.get(name);
        if (!map) return v;
        return Array.isArray(v) ? v.map((id) => map.get(id) ?? id) : v ? (map.get(v as string) ?? v) : v;
      }),
    );
  };

  const produce = async () => {
    if (job.format === 'csv') {
      // A BOM so that spreadsheet programs read UTF-8 (Vietnamese, Arabic names).
      out.write('\uFEFF' + columns.map((c) => csvField(header(c.name))).join(',') + '\r\n');
      for await (const batch of rows) for (const line of await resolve(batch)) out.write(line.map(csvField).join(',') + '\r\n');
      out.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const sheet = workbook.addWorksheet(job.decl.name);
    sheet.columns = columns.map((c) => ({ header: header(c.name), key: c.name, width: Math.max(12, header(c.name).length + 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of rows) for (const line of await resolve(batch)) sheet.addRow(line.map(safeCell)).commit();
    sheet.commit();
    await workbook.commit();
  };
  produce().catch((err) => {
    out.destroy(err as Error);
  });
  return reply.send(out);
}
