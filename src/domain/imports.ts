import { z } from 'zod';
import { foldForSearch } from './text.js';

/**
 * The shapes of a spreadsheet import, shared by every resource that declares `import` (the kit's
 * `/<path>/import/*` routes) and by the salaries' month import: validate → preview → execute.
 */

/** A file holds at most this many rows (header excluded): more is a 413 `too_many_rows` before any cell is read. */
export const MAX_IMPORT_ROWS = 20_000;
/** The error file's added column, beside the file's own columns. */
export const ERRORS_COLUMN = 'errors';

/** One problem of one cell of an uploaded sheet: its row as the spreadsheet numbers it, its column's header, the value read. */
export const importIssueSchema = z.object({
  row: z.number(),
  column: z.string(),
  value: z.string().nullable(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importValidationSchema = z.object({
  /** The rows read (header and blank rows excluded). */
  rows: z.number(),
  errors: z.array(importIssueSchema),
});
export type ImportValidation = z.infer<typeof importValidationSchema>;

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One field's change, as text: `old` null on a create (or where the record had no value). */
export const importFieldChangeSchema = z.object({ field: z.string(), old: z.string().nullable(), new: z.string() });

export const importChangeSchema = z.object({
  row: z.number(),
  action: z.enum(IMPORT_ACTIONS),
  /** The row's key as written (the declared key fields, joined by ' · '). */
  key: z.string(),
  /** The record the row matched; null on a create. */
  id: z.uuid().nullable(),
  /** The record's name (its title field). */
  label: z.string(),
  /** The fields that change, old → new (an update); a create lists every value given. */
  fields: z.array(importFieldChangeSchema),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const importCountsSchema = z.object({ create: z.number(), update: z.number(), unchanged: z.number() });
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importPreviewSchema = z.object({
  sha256: z.string(),
  /** What execute brings back: the records as the preview read them. Changed since → 409 `import_stale`. */
  previewToken: z.string(),
  counts: importCountsSchema,
  changes: z.array(importChangeSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importRecordSchema = z.object({
  id: z.uuid(),
  resource: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  fileId: z.uuid(),
  counts: importCountsSchema,
  createdAt: z.string(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

export const importExecuteSchema = z.object({
  /** False when the same file was imported into this resource before: nothing was written again. */
  applied: z.boolean(),
  import: importRecordSchema,
});
export type ImportExecute = z.infer<typeof importExecuteSchema>;

/** `import/execute`'s query: the preview's token. */
export const importExecuteQuerySchema = z.strictObject({ previewToken: z.string().min(1).max(200) });

/**
 * How a resource is imported (`ResourceDecl.import`): `key`, the field(s) a row is matched by (an
 * e-mail, a code, a name…: several are matched together); `exclude`, fields a file never sets;
 * `createDefaults`, values a new record gets that no sheet carries (a user's first password,
 * which they replace by the "forgot password" mail).
 */
export interface ImportDecl {
  key: readonly string[];
  exclude?: readonly string[];
  createDefaults?: () => Record<string, unknown>;
}

/** The same text for matching, as people write it: case, accents and inner runs of spaces ignored. */
export const matchText = (s: string): string => foldForSearch(s).replace(/\s+/g, ' ');

/** A random secret (24 bytes, base64url) from the platform's cryptographic source, in the browser and on the server alike. */
export function randomSecret(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
