import { CURRENCIES } from '../../fields.js';
import { add, compare, formatMoney, minorUnits, parseDecimal, roundMoney, subtract } from '../../money.js';
import { MONTH_PATTERN } from '../../months.js';
import {
  SALARY_AMOUNTS,
  type ImportAction,
  type ImportChange,
  type ImportIssue,
  type SalaryAmount,
  type SalaryStatus,
} from './salaries.schema.js';

export type SalaryAmounts = Record<SalaryAmount, string>;

/**
 * The net pay: base + allowance + overtime + bonus + commission − deductions, summed exactly and
 * rounded once, half up (away from zero), to the currency's minor units (decision 013's rule).
 */
export function salaryNet(amounts: SalaryAmounts, currency: string): string {
  const gross = add(amounts.base, amounts.allowance, amounts.overtime, amounts.bonus, amounts.commission);
  return formatMoney(roundMoney(subtract(gross, amounts.deductions), currency), currency);
}

/** Only a draft changes: an approved or paid salary is closed (422 `salary_locked` naming its status). */
export const isEditable = (status: SalaryStatus) => status === 'draft';

export type SalaryAction = 'approve' | 'markPaid';
export const SALARY_TRANSITIONS: Record<SalaryAction, { from: readonly SalaryStatus[]; to: SalaryStatus }> = {
  approve: { from: ['draft'], to: 'approved' },
  markPaid: { from: ['approved'], to: 'paid' },
};

/** Whether a decimal has more digits after the point than `digits`, trailing zeros aside ("1200.00" is a whole VND amount). */
export function tooManyDecimals(value: string, digits: number): boolean {
  const d = parseDecimal(value);
  return !!d && d.scale > digits && d.units % 10n ** BigInt(d.scale - digits) !== 0n;
}

/** Amounts given with more decimals than the currency has (VND: none; USD: cents): the fields named. */
export function extraDecimals(amounts: Partial<Record<SalaryAmount, string>>, currency: string): SalaryAmount[] {
  const digits = minorUnits(currency);
  return SALARY_AMOUNTS.filter((f) => amounts[f] !== undefined && tooManyDecimals(amounts[f], digits));
}

// ————— The import sheet —————

/** The sheet's columns, in order: the person (e-mail is the key; the name is there to read), the month, the amounts, the currency. */
export const IMPORT_COLUMNS = ['email', 'name', 'month', ...SALARY_AMOUNTS, 'currency'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
/** Columns an uploaded sheet must have (the name is informative). */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['email', 'month', ...SALARY_AMOUNTS, 'currency'];
// The error file's column and the rows a file may hold are every import's (domain/imports.ts).
export { ERRORS_COLUMN, MAX_IMPORT_ROWS } from '../../imports.js';
/** Whole digits an amount may have. */
const MAX_WHOLE = 12;

/** A cell as read from the sheet: its text (a number as the text it prints as), or a formula without a saved value. */
export interface ImportCell {
  text: string | null;
  /** A formula whose value the file did not save: never evaluated, so refused. */
  formulaWithoutValue?: boolean;
}
export interface ImportRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  cells: Partial<Record<ImportColumn, ImportCell>>;
}

export interface ImportPerson {
  id: string;
  email: string;
  name: string;
  /** Archived, or no longer active: not paid by an import. */
  archived: boolean;
}
export interface ExistingSalary extends SalaryAmounts {
  id: string;
  userId: string;
  currency: string;
  status: SalaryStatus;
  net: string;
}

/** A row that passed: the person, the amounts at the currency's digits. */
export interface ParsedRow {
  row: number;
  person: ImportPerson;
  month: string;
  currency: string;
  amounts: SalaryAmounts;
}

const emailKey = (e: string) => e.trim().toLowerCase();

/**
 * Every problem of every row at once (no write): the person (unknown e-mail, archived, twice in the
 * file), the month (not `YYYY-MM`, another month than the import's), each amount (not a number,
 * negative, more decimals than the currency has, too large), the currency, a formula with no saved
 * value, and a row that would change a salary already approved or paid. A row with no amount at all is
 * skipped: the template lists every active person, paid this month or not.
 */
export function validateImportRows(
  rows: readonly ImportRow[],
  ctx: { month: string; people: ReadonlyMap<string, ImportPerson>; existing: ReadonlyMap<string, ExistingSalary> },
): { errors: ImportIssue[]; parsed: ParsedRow[]; read: number } {
  const errors: ImportIssue[] = [];
  const parsed: ParsedRow[] = [];
  const seen = new Map<string, number>();
  let read = 0;
  for (const r of rows) {
    const text = (c: ImportColumn) => r.cells[c]?.text?.trim() ?? '';
    if (IMPORT_COLUMNS.every((c) => !text(c) && !r.cells[c]?.formulaWithoutValue)) continue;
    if (SALARY_AMOUNTS.every((c) => !text(c) && !r.cells[c]?.formulaWithoutValue)) continue;
    read++;
    const before = errors.length;
    const issue = (column: ImportColumn | 'status', code: string, params?: ImportIssue['params']) =>
      errors.push({
        row: r.row,
        column,
        value: column === 'status' ? null : (r.cells[column as ImportColumn]?.text ?? null),
        code,
        ...(params ? { params } : {}),
      });
    for (const c of IMPORT_COLUMNS) if (r.cells[c]?.formulaWithoutValue) issue(c, 'formula');

    const email = emailKey(text('email'));
    const person = email ? ctx.people.get(email) : undefined;
    if (!r.cells.email?.formulaWithoutValue) {
      if (!email) issue('email', 'required');
      else if (!person) issue('email', 'unknown_email');
      else if (seen.has(person.id)) issue('email', 'duplicate_person', { row: seen.get(person.id)! });
    }
    if (person && !seen.has(person.id)) seen.set(person.id, r.row);

    const month = text('month');
    if (!r.cells.month?.formulaWithoutValue) {
      if (!MONTH_PATTERN.test(month)) issue('month', month ? 'month' : 'required');
      else if (month !== ctx.month) issue('month', 'month_other', { month: ctx.month });
    }

    const cur = text('currency').toUpperCase();
    const currencyOk = (CURRENCIES as readonly string[]).includes(cur);
    if (!r.cells.currency?.formulaWithoutValue && !currencyOk)
      issue('currency', cur ? 'choice' : 'required', { allowed: CURRENCIES.join(', ') });
    const digits = currencyOk ? minorUnits(cur) : 2;

    const amounts = {} as SalaryAmounts;
    for (const c of SALARY_AMOUNTS) {
      if (r.cells[c]?.formulaWithoutValue) continue;
      const v = text(c);
      if (!v) {
        if (c === 'base') issue(c, 'required');
        amounts[c] = '0';
        continue;
      }
      const d = parseDecimal(v);
      if (!d) issue(c, 'decimal');
      else if (d.units < 0n) issue(c, 'negative');
      else if (tooManyDecimals(v, digits)) issue(c, 'decimal_places', { max: digits });
      else if (v.split('.')[0]!.replace(/^0+(?=\d)/, '').length > MAX_WHOLE) issue(c, 'decimal_too_big');
      else amounts[c] = v;
    }
    if (errors.length > before) continue;

    const norm = Object.fromEntries(SALARY_AMOUNTS.map((c) => [c, formatMoney(amounts[c], cur)])) as SalaryAmounts;
    // An approved or paid salary is closed: its row may come back as it is (an exported month), never changed.
    const existing = ctx.existing.get(person!.id);
    const changes = !existing || existing.currency !== cur || SALARY_AMOUNTS.some((c) => compare(existing[c], norm[c]) !== 0);
    // An archived or inactive person's salary may come back unchanged (an exported month), never be made or changed.
    if (person!.archived && changes) {
      issue('email', 'archived_person');
      continue;
    }
    if (existing && existing.status !== 'draft' && changes) {
      issue('status', 'salary_locked', { status: existing.status });
      continue;
    }
    if (compare(salaryNet(norm, cur), '0') < 0) {
      issue('deductions', 'net_negative');
      continue;
    }
    parsed.push({ row: r.row, person: person!, month, currency: cur, amounts: norm });
  }
  return { errors, parsed, read };
}

export interface ImportPlan {
  changes: ImportChange[];
  counts: Record<ImportAction, number>;
  totals: { before: Record<string, string>; after: Record<string, string> };
}

const sumByCurrency = (rows: Iterable<{ currency: string; net: string }>) => {
  const out: Record<string, string> = {};
  for (const r of rows) out[r.currency] = formatMoney(add(out[r.currency] ?? '0', r.net), r.currency);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
};

/**
 * What executing the rows would do, per person: create (no salary that month), update (each field
 * that changes, old → new; amounts compared as numbers, so 1200 and 1200.00 are the same), or
 * unchanged; and the month's net per currency before and after.
 */
export function planImport(
  parsed: readonly ParsedRow[],
  existing: ReadonlyMap<string, ExistingSalary>,
  monthRows: readonly ExistingSalary[],
): ImportPlan {
  const changes: ImportChange[] = [];
  const counts = { create: 0, update: 0, unchanged: 0 };
  const after = new Map(monthRows.map((r) => [r.userId, { currency: r.currency, net: r.net }]));
  for (const p of parsed) {
    const was = existing.get(p.person.id);
    // In the order of the answer's schema: the preview writes the changes as built.
    const base = { row: p.row, userId: p.person.id, email: p.person.email, name: p.person.name, month: p.month };
    const net = salaryNet(p.amounts, p.currency);
    if (!was) {
      changes.push({
        ...base,
        action: 'create',
        currency: p.currency,
        fields: [
          ...SALARY_AMOUNTS.map((f) => ({ field: f, old: null, new: p.amounts[f] })),
          { field: 'currency', old: null, new: p.currency },
        ],
      });
      counts.create++;
    } else {
      const fields: ImportChange['fields'] = [];
      if (was.currency !== p.currency) fields.push({ field: 'currency', old: was.currency, new: p.currency });
      for (const f of SALARY_AMOUNTS)
        if (compare(was[f], p.amounts[f]) !== 0) fields.push({ field: f, old: formatMoney(was[f], was.currency), new: p.amounts[f] });
      const action: ImportAction = fields.length ? 'update' : 'unchanged';
      changes.push({ ...base, action, currency: p.currency, fields });
      counts[action]++;
    }
    after.set(p.person.id, { currency: p.currency, net });
  }
  return { changes, counts, totals: { before: sumByCurrency(monthRows), after: sumByCurrency(after.values()) } };
}
