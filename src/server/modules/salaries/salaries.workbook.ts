import ExcelJS from 'exceljs';
import { CURRENCIES } from '../../../domain/fields.js';
import {
  ERRORS_COLUMN,
  IMPORT_COLUMNS,
  REQUIRED_COLUMNS,
  type ImportColumn,
  type ImportRow,
} from '../../../domain/modules/salaries/salaries.rules.js';
import { SALARY_AMOUNTS } from '../../../domain/modules/salaries/salaries.schema.js';
import { minorUnits } from '../../../domain/money.js';
import { describeIssue } from '../../../domain/validation.js';
import { badRequest } from '../../http/errors.js';
import { readWorkbook } from '../../http/import-sheet.js';
import { safeCell } from '../../http/export.js';

export interface ReadSheet {
  headers: string[];
  rows: ImportRow[];
  /** Each row's cells as read, for the error file (the file's own rows): only when read with `raw`. */
  raw: Map<number, Array<string | null>>;
}

/**
 * The first sheet's rows by the header of each column (case and spaces ignored); a sheet without the
 * columns is a 400 naming them. Read by `readWorkbook`; a month typed as 2026-05 is often
 * turned into a date by Excel, and is read back as the month.
 */
export async function readSheet(buf: Buffer, opts: { raw?: boolean } = {}): Promise<ReadSheet> {
  const sheet = await readWorkbook(buf, (d) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  const { headers } = sheet;
  const index = new Map<ImportColumn, number>();
  headers.forEach((h, i) => {
    const key = h.toLowerCase().replace(/\s+/g, '') as ImportColumn;
    if ((IMPORT_COLUMNS as readonly string[]).includes(key) && !index.has(key)) index.set(key, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length)
    throw badRequest(
      `The sheet lacks the columns ${missing.join(', ')}`,
      { file: { code: 'columns_missing', params: { columns: missing.join(', ') } } },
      'columns_missing',
    );
  const rows: ImportRow[] = sheet.rows.map((r) => ({
    row: r.row,
    cells: Object.fromEntries([...index].map(([c, i]) => [c, r.cells[i]])) as ImportRow['cells'],
  }));
  // Each row's own cells only for the error file: kept when asked for.
  const raw = new Map(opts.raw ? sheet.rows.map((r) => [r.row, r.cells.map((c) => c.text)] as const) : []);
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
