// The answers of a resource's import steps, as the server sends them.

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One problem of one cell: its row as the spreadsheet numbers it, its column's header, the value read. */
export interface ImportIssue {
  row: number;
  column: string;
  value: string | null;
  code: string;
  params?: Record<string, string | number>;
}

export interface ImportValidation {
  /** The rows read (header and blank rows excluded). */
  rows: number;
  errors: ImportIssue[];
}

export type ImportCounts = Record<ImportAction, number>;

/** What one row of the sheet would do to the record its key finds: each field old → new (a create's old is null). */
export interface ImportChange {
  row: number;
  action: ImportAction;
  key: string;
  id: string | null;
  label: string;
  fields: Array<{ field: string; old: string | null; new: string | null }>;
}

export interface ImportPreview {
  sha256: string;
  /** What execute checks: the records as the preview read them (changed since → 409 `import_stale`). */
  previewToken: string;
  counts: ImportCounts;
  changes: ImportChange[];
}

export interface ImportRecord {
  id: string;
  fileName: string;
  sha256: string;
  fileId: string;
  counts: ImportCounts;
  createdAt: string;
  createdBy: string | null;
  createdByName: string | null;
}

export interface ImportExecuted<R extends ImportRecord = ImportRecord> {
  /** False when the same file was applied before: nothing was written again. */
  applied: boolean;
  import: R;
}
