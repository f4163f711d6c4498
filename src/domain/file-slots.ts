/**
 * Files kept on a row (a candidate's CV): what a resource declares about each, read by the
 * server (routes, checks, OpenAPI) and by the client (the upload's `accept`, the slot's card).
 */

/** Kinds of file the storage accepts, by the type read from the content, with the MIME type served. */
export const FILE_KINDS = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpeg: 'image/jpeg',
  // Text with no signature: taken only where a caller allows it (an import's file).
  csv: 'text/csv',
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** The extensions a file picker offers for a kind; the server decides by the content, not by these. */
const PICKER_EXTENSIONS: Record<FileKind, readonly string[]> = {
  pdf: ['.pdf'],
  doc: ['.doc'],
  docx: ['.docx'],
  xlsx: ['.xlsx'],
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  csv: ['.csv'],
};

/** An `<input type="file" accept>` for these kinds. */
export const acceptOf = (kinds: readonly FileKind[]): string => kinds.flatMap((k) => [...PICKER_EXTENSIONS[k], FILE_KINDS[k]]).join(',');

/** 'PDF, DOC or DOCX' (English, for the API's messages and descriptions). */
export function kindList(kinds: readonly FileKind[]): string {
  const names = kinds.map((k) => k.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * One file on each row of a resource, served at `/<path>/:id/<slot>` (the key of `files` in the
 * declaration): PUT replaces it, GET downloads it, DELETE removes it. The row carries what pages
 * show of it in `field` (a stored-file reference or null, a jsonb column of that name).
 *
 * With `many: true` the slot keeps a list (an external cost's vendor invoices): `GET /:id/<slot>`
 * lists them (each flagged when the same content is on another row), `POST` adds one,
 * `GET|DELETE /:id/<slot>/:fileId` reads or removes one; `field` is an array of references. The
 * declaration's other keys mean the same for it.
 */
export interface FileSlotDecl {
  /** The entity's field that carries the file's reference. */
  field: string;
  /** What the file is called in the API's messages and descriptions ('CV'); the UI's word is `<resource>:files.<field>`. */
  label: string;
  /** Kinds accepted, told by the content (415 `file_type` otherwise). */
  types: readonly FileKind[];
  /** Largest size in bytes (413 `file_too_large` above it); the server's `FILE_MAX_BYTES` when not given, never above it. */
  maxBytes?: number;
  /** Actions of the resource's access table: reading the file (default 'show'), replacing or deleting it (default 'edit'). */
  access?: { read?: string; write?: string };
  /** A list of files rather than one (decision 012): the field holds an array of `StoredFileRef` with their `sha256`. */
  many?: boolean;
  /** With `many`: the most files one row keeps (409 `too_many_files` beyond; default 20). */
  maxFiles?: number;
}

export const slotReadAction = (slot: FileSlotDecl) => slot.access?.read ?? 'show';
export const slotWriteAction = (slot: FileSlotDecl) => slot.access?.write ?? 'edit';

/** A slot's key is its path segment under a row: lower-case kebab, not one of the row's own routes. */
export const SLOT_KEY = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
