import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { CURRENCIES } from '../../../domain/fields.js';
import {
  ERRORS_COLUMN,
  IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  REQUIRED_COLUMNS,
  type ImportColumn,
  type ImportRow,
} from '../../../domain/modules/salaries/salaries.rules.js';
import { SALARY_AMOUNTS } from '../../../domain/modules/salaries/salaries.schema.js';
import { minorUnits } from '../../../domain/money.js';
import { describeIssue } from '../../../domain/validation.js';
import { AppError, badRequest } from '../../http/errors.js';
import { safeCell } from '../../http/export.js';
import { storedZip, type ZipPart } from '../../stored-zip.js';
import { readablePart } from './salaries.workbook-xml.js';

/** What an uploaded workbook may unpack to, all its parts together: refused (413) before it is parsed. */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

const tooLarge = (message: string, code: string) => new AppError(413, message, { code, issues: { file: { code } } });
const notWorkbook = () => badRequest('The file is not an Excel workbook (.xlsx)', { file: 'not_workbook' }, 'not_workbook');

/**
 * Checks an upload before anything parses it: an .xlsx is a zip (else 415 `file_type`); its parts
 * are inflated here, each with a ceiling on what it may produce, so that a zip bomb stops at
 * `MAX_UNPACKED_BYTES` (413 `workbook_too_large`) whatever its headers claim; it has a workbook
 * part (else 400 `not_workbook`); its sheets hold at most `MAX_IMPORT_ROWS` rows (413
 * `too_many_rows`, counted on the XML before any cell is read).
 */
export function inspectWorkbook(buf: Buffer): ZipPart[] {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50)
    throw new AppError(415, 'Upload an Excel workbook (.xlsx)', {
      code: 'file_type',
      issues: { file: { code: 'file_type', params: { allowed: 'XLSX' } } },
    });
  // The end of the central directory: its signature within the last 64 KiB.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw notWorkbook();
  const entries = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) throw tooLarge('The workbook is too large', 'workbook_too_large');
  let at = cdOffset;
  let unpacked = 0;
  let rows = 0;
  let hasWorkbook = false;
  const parts: ZipPart[] = [];
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw notWorkbook();
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw notWorkbook();
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compressed);
    let content: Buffer;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, MAX_UNPACKED_BYTES - unpacked) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
          throw tooLarge('The workbook unpacks to more than the import takes', 'workbook_too_large');
        throw notWorkbook();
      }
    } else throw notWorkbook();
    unpacked += content.length;
    // In the form the reader follows (prefixed elements, rows and cells without references), before the rows are counted.
    content = readablePart(name, content);
    parts.push({ name, content });
    if (unpacked > MAX_UNPACKED_BYTES) throw tooLarge('The workbook unpacks to more than the import takes', 'workbook_too_large');
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      const xml = content.toString('latin1');
      for (let i = xml.indexOf('<row'); i >= 0; i = xml.indexOf('<row', i + 4)) if (xml[i + 4] === ' ' || xml[i + 4] === '>') rows++;
      if (rows > MAX_IMPORT_ROWS + 1)
        throw new AppError(413, `A file holds at most ${MAX_IMPORT_ROWS} rows`, {
          code: 'too_many_rows',
          issues: { file: { code: 'too_many_rows', params: { max: MAX_IMPORT_ROWS } } },
        });
    }
  }
  if (!hasWorkbook) throw notWorkbook();
  return parts;
}

// The parts the streaming reader must have read before a sheet: it names the sheet from the workbook
// and its relations, and reads its text from the shared strings.
const READ_FIRST = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];
const readRank = (name: string) => (READ_FIRST.includes(name) ? READ_FIRST.indexOf(name) : READ_FIRST.length);

/**
 * The parts again as one archive (stored, in the order above): the streaming reader reads entries as
 * they come, and a writer that puts the workbook after its sheets (some save it so, uncompressed)
 * was refused as "not a workbook" now and then — when a sheet reached the reader before the workbook.
 */
export function inReadingOrder(parts: readonly ZipPart[]): Buffer {
  return storedZip([...parts].sort((a, b) => readRank(a.name) - readRank(b.name)));
}

/** A cell's value as text; a formula gives its saved result and is never evaluated. */
function cellText(value: ExcelJS.CellValue): { text: string | null; formulaWithoutValue?: boolean } {
  if (value === null || value === undefined) return { text: null };
  if (typeof value === 'number') return { text: Number.isFinite(value) ? String(value) : null };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'boolean') return { text: String(value) };
  if (value instanceof Date)
    // A month typed as 2026-05 is often turned into a date by Excel: read back as the month.
    return { text: `${value.getUTCFullYear()}-${String(value.getUTCMonth() + 1).padStart(2, '0')}` };
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    if (result === undefined || result === null || (typeof result === 'object' && 'error' in result))
      return { text: null, formulaWithoutValue: true };
    return cellText(result);
  }
  if ('richText' in value) return { text: value.richText.map((r) => r.text).join('') };
  if ('text' in value) return { text: String((value as { text: unknown }).text) };
  if ('error' in value) return { text: String(value.error) };
  return { text: null };
}

export interface ReadSheet {
  headers: string[];
  rows: ImportRow[];
  /** Each row's cells as read, for the error file (the file's own rows): only when read with `raw`. */
  raw: Map<number, Array<string | null>>;
}

/**
 * The first sheet's rows by the header of each column (case and spaces ignored); a sheet without the
 * columns is a 400 naming them. Read as a stream, row by row: the workbook's object model is never
 * built, so memory follows the cells read, not the library's model of them.
 */
export async function readSheet(buf: Buffer, opts: { raw?: boolean } = {}): Promise<ReadSheet> {
  const parts = inspectWorkbook(buf);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(inReadingOrder(parts)), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const headers: string[] = [];
  const index = new Map<ImportColumn, number>();
  const rows: ImportRow[] = [];
  const raw = new Map<number, Array<string | null>>();
  let sawSheet = false;
  let sawHeader = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (!sawHeader) {
          sawHeader = true;
          if (row.number !== 1) break;
          row.eachCell({ includeEmpty: true }, (cell, col) => {
            const h = (cellText(cell.value).text ?? '').trim();
            headers[col - 1] = h;
            const key = h.toLowerCase().replace(/\s+/g, '') as ImportColumn;
            if ((IMPORT_COLUMNS as readonly string[]).includes(key) && !index.has(key)) index.set(key, col);
          });
          if (REQUIRED_COLUMNS.some((c) => !index.has(c))) break;
          continue;
        }
        const cells: ImportRow['cells'] = {};
        for (const [c, col] of index) cells[c] = cellText(row.getCell(col).value);
        rows.push({ row: row.number, cells });
        // Each row's own cells only for the error file: kept when asked for.
        if (opts.raw)
          raw.set(
            row.number,
            headers.map((_, i) => cellText(row.getCell(i + 1).value).text),
          );
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notWorkbook();
  }
  if (!sawSheet) throw notWorkbook();
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length)
    throw badRequest(
      `The sheet lacks the columns ${missing.join(', ')}`,
      { file: { code: 'columns_missing', params: { columns: missing.join(', ') } } },
      'columns_missing',
    );
  return { headers, rows, raw };
}

export interface SheetLine {
  email: string;
  name: string;
  month: string;
  currency: string;
  amounts: Partial<Record<(typeof SALARY_AMOUNTS)[number], string>>;
}

/**
 * The sheet of a month: one row per person with their e-mail, name, the month, the amounts (numbers,
 * blank where the person has no salary yet) and the currency, picked from a list. The template and
 * "export this month" are this one sheet, so an exported month imports back with no change. Every
 * text is written as text: a cell never starts a formula.
 */
export async function writeSheet(lines: readonly SheetLine[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('salaries');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'email' || c === 'name' ? 30 : 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const list = { type: 'list' as const, allowBlank: false, showErrorMessage: true, formulae: [`"${CURRENCIES.join(',')}"`] };
  for (const l of lines) {
    const row = sheet.addRow({
      email: safeCell(l.email),
      name: safeCell(l.name),
      month: l.month,
      currency: l.currency,
      ...Object.fromEntries(SALARY_AMOUNTS.map((f) => [f, l.amounts[f] === undefined ? null : Number(l.amounts[f])])),
    });
    const fmt = minorUnits(l.currency) ? '#,##0.00' : '#,##0';
    for (const f of SALARY_AMOUNTS) row.getCell(f).numFmt = fmt;
    row.getCell('month').numFmt = '@';
    row.getCell('currency').dataValidation = list;
  }
  // Rows added below the people still pick the currency from the list.
  for (let n = lines.length + 2; n <= lines.length + 50; n++)
    sheet.getCell(n, IMPORT_COLUMNS.indexOf('currency') + 1).dataValidation = list;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The file's own rows that have errors, each once, with an errors column saying every problem of the row. */
export async function writeErrorSheet(
  sheetIn: ReadSheet,
  errors: ReadonlyArray<{ row: number; column: string; code: string; params?: Record<string, string | number> }>,
): Promise<Buffer> {
  const byRow = new Map<number, string[]>();
  for (const e of errors) {
    const list = byRow.get(e.row) ?? [];
    list.push(`${e.column}: ${describeIssue({ code: e.code, params: e.params })} (${e.code})`);
    byRow.set(e.row, list);
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('errors');
  sheet.addRow([...sheetIn.headers.map(safeCell), ERRORS_COLUMN, 'row']).font = { bold: true };
  for (const [row, problems] of [...byRow].sort(([a], [b]) => a - b)) {
    const cells = (sheetIn.raw.get(row) ?? []).map((v) => safeCell(v));
    sheet.addRow([...sheetIn.headers.map((_, i) => cells[i] ?? null), safeCell(problems.join('; ')), row]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
