import ExcelJS from 'exceljs';
import { ERRORS_COLUMN, MAX_IMPORT_ROWS } from '../../domain/imports.js';
import { describeIssue } from '../../domain/validation.js';
import { AppError, badRequest } from './errors.js';
import { safeCell } from './export.js';
import { inspectWorkbook, notWorkbook } from './workbook.js';
import { readFirstSheet, type SheetRow } from './workbook-read.js';

// An uploaded sheet (.xlsx from any writer, or .csv) as rows of text cells by column: what every
// resource's import reads. Limits and hostile files are checked before any cell is read.

export type { SheetCell, SheetRow } from './workbook-read.js';

export interface ImportSheet {
  format: 'xlsx' | 'csv';
  headers: string[];
  rows: SheetRow[];
}

const tooManyRows = () =>
  new AppError(413, `A file holds at most ${MAX_IMPORT_ROWS} rows`, {
    code: 'too_many_rows',
    issues: { file: { code: 'too_many_rows', params: { max: MAX_IMPORT_ROWS } } },
  });

const fileType = () =>
  new AppError(415, 'Upload an Excel workbook (.xlsx) or a .csv file in UTF-8', {
    code: 'file_type',
    issues: { file: { code: 'file_type', params: { allowed: 'XLSX, CSV' } } },
  });

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The first sheet of a workbook, checked first (`inspectWorkbook`), then read from its XML: memory
 * follows the cells read. Dates read as `dateText` says (ISO days by default).
 */
export async function readWorkbook(buf: Buffer, dateText: (d: Date) => string = iso): Promise<ImportSheet> {
  const parts = inspectWorkbook(buf);
  try {
    return { format: 'xlsx', ...readFirstSheet(parts, dateText) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notWorkbook();
  }
}

/** The separator a .csv uses: the one of `,` `;` tab found most often outside quotes in its first line. */
export function csvSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** RFC 4180 lines of fields (quotes doubled inside quoted fields), any line ending. */
export function parseCsv(text: string, sep: string, maxRows: number): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      line.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line.push(field);
      lines.push(line);
      if (lines.length > maxRows) throw tooManyRows();
      line = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || line.length) {
    line.push(field);
    lines.push(line);
  }
  return lines;
}

/** A .csv in UTF-8, with or without its BOM; the separator found from the header. */
function readCsv(buf: Buffer): ImportSheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    // Binary content (a PDF, an image, an old .xls) is not a sheet at all; text in another encoding is a .csv to save again.
    if (buf.subarray(0, 4096).some((b) => b < 9 || (b > 13 && b < 32))) throw fileType();
    throw badRequest('A .csv file must be UTF-8 text', { file: 'csv_encoding' }, 'csv_encoding');
  }
  if (text.includes('\u0000')) throw fileType();
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = parseCsv(text, csvSeparator(text), MAX_IMPORT_ROWS + 1);
  const [head = [], ...body] = lines;
  const headers = head.map((h) => h.trim());
  return {
    format: 'csv',
    headers,
    rows: body.map((cells, i) => ({ row: i + 2, cells: headers.map((_, c) => ({ text: cells[c] === '' ? null : (cells[c] ?? null) })) })),
  };
}

/** An upload as a sheet: a zip is read as a workbook, text as .csv; anything else is 415 `file_type`. */
export async function readImportSheet(buf: Buffer): Promise<ImportSheet> {
  if (buf.length === 0) throw badRequest('The file is empty', { file: 'file_empty' }, 'file_empty');
  const sheet = buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50 ? await readWorkbook(buf) : readCsv(buf);
  // Rows with no value at all (a sheet's formatted tail) are not rows of the import.
  sheet.rows = sheet.rows.filter((r) => r.cells.some((c) => (c.text ?? '').trim() !== '' || c.formulaWithoutValue));
  if (sheet.rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return sheet;
}

/** The file's own rows that have errors, each once, with an errors column saying every problem of the row. */
export async function writeImportErrors(
  sheet: ImportSheet,
  errors: ReadonlyArray<{ row: number; column: string; code: string; params?: Record<string, string | number> }>,
): Promise<Buffer> {
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${e.column}: ${describeIssue(e)} (${e.code})`]);
  const cells = new Map(sheet.rows.map((r) => [r.row, r.cells]));
  const workbook = new ExcelJS.Workbook();
  const out = workbook.addWorksheet('errors');
  out.addRow([...sheet.headers.map(safeCell), ERRORS_COLUMN, 'row']).font = { bold: true };
  for (const [row, problems] of [...byRow].sort(([a], [b]) => a - b)) {
    const own = cells.get(row) ?? [];
    out.addRow([...sheet.headers.map((_, i) => safeCell(own[i]?.text ?? null)), safeCell(problems.join('; ')), row]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
