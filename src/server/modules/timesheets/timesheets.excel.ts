import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { AllDevsPerson, MonthDay, PersonMonth } from '../../../domain/modules/timesheets/all-devs.js';
import { safeCell } from '../../http/export.js';
import type { AllDevsResult, PersonEntry } from './timesheets.all-devs.js';

/**
 * The logwork workbooks, written with exceljs's streaming writer: each row is committed (flushed
 * to the response) as soon as it is written, so memory stays flat for 500 people × 31 days.
 * Sheets are in English: the file is shared outside the app (customers, accounting), whatever
 * the language of the screen it came from. Text cells go through `safeCell` (no formula injection).
 */

export const FIRM_NAME = 'Staffing back office';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const OFF_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE0E0E0' } };
const MISSING_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE0B2' } };
const LEAVE_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCEBFA' } };
const PERCENT = '0.0%';

function writer(out: Writable) {
  return new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
}

function bold(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.commit();
}

/** One person's month: header, one row per entry, the summary; a second sheet with each day's totals. */
export async function writePersonWorkbook(
  out: Writable,
  person: { fullName: string; email: string },
  month: string,
  days: readonly MonthDay[],
  figures: PersonMonth,
  entries: readonly PersonEntry[],
) {
  const book = writer(out);
  const sheet = book.addWorksheet('Entries');
  sheet.columns = [
    { key: 'date', width: 12 },
    { key: 'weekday', width: 9 },
    { key: 'project', width: 28 },
    { key: 'customer', width: 24 },
    { key: 'hours', width: 8 },
    { key: 'billable', width: 9 },
    { key: 'note', width: 60 },
  ];
  bold(sheet.addRow([FIRM_NAME]));
  sheet.addRow(['Person', safeCell(person.fullName), safeCell(person.email)]).commit();
  sheet.addRow(['Month', month]).commit();
  sheet.addRow([]).commit();
  bold(sheet.addRow(['Date', 'Weekday', 'Project', 'Customer', 'Hours', 'Billable', 'Note']));
  for (const e of entries) {
    sheet
      .addRow([e.date, weekday(e.date), safeCell(e.project), safeCell(e.customer), e.hours, e.billable ? 'yes' : 'no', safeCell(e.note)])
      .commit();
  }
  sheet.addRow([]).commit();
  const summary: Array<[string, number | null, string?]> = [
    ['Month total', figures.loggedHours],
    ['Billable', figures.billableHours],
    ['Expected', figures.expectedHours],
    ['Available', figures.availableHours],
    ['Utilisation', figures.utilisation, PERCENT],
    ['Missing days', figures.missingDays.length],
  ];
  for (const [label, value, fmt] of summary) {
    const row = sheet.addRow([label, null, null, null, value]);
    row.getCell(1).font = { bold: true };
    if (fmt) row.getCell(5).numFmt = fmt;
    row.commit();
  }
  sheet.commit();

  const daily = book.addWorksheet('Days');
  daily.columns = [
    { key: 'date', width: 12 },
    { key: 'weekday', width: 9 },
    { key: 'day', width: 30 },
    { key: 'leave', width: 16 },
    { key: 'hours', width: 8 },
    { key: 'missing', width: 9 },
  ];
  bold(daily.addRow(['Date', 'Weekday', 'Day', 'Leave', 'Hours', 'Missing']));
  const missing = new Set(figures.missingDays);
  for (const d of days) {
    const cell = figures.days[d.date];
    const leave = cell?.leave ? `${cell.leave}${cell.halfDay ? ` (${cell.halfDay})` : ''}` : null;
    const row = daily.addRow([
      d.date,
      weekday(d.date),
      d.kind === 'holiday' ? safeCell(d.holidayName ?? 'holiday') : d.kind,
      leave,
      cell?.hours ?? 0,
      missing.has(d.date) ? 'missing' : null,
    ]);
    if (d.kind !== 'working') row.fill = OFF_FILL;
    else if (missing.has(d.date)) row.fill = MISSING_FILL;
    row.commit();
  }
  bold(daily.addRow(['Total', null, null, null, figures.loggedHours]));
  daily.commit();
  await book.commit();
}

/** The text a day's cell shows when it has no hours: leave, or "missing". */
function emptyDayText(p: AllDevsPerson, date: string, missing: ReadonlySet<string>): string | null {
  const c = p.days[date];
  if (c?.leave) return `leave: ${c.leave}${c.halfDay ? ` (${c.halfDay})` : ''}`;
  return missing.has(date) ? 'missing' : null;
}

/** Everyone's month: one row per person, one column per day, then the month's figures. */
export async function writeAllDevsWorkbook(out: Writable, result: AllDevsResult, filters: string) {
  const book = writer(out);
  const sheet = book.addWorksheet(`Logwork ${result.month}`, { views: [{ state: 'frozen', xSplit: 1, ySplit: 5 }] });
  const dayCols = result.days.length;
  sheet.columns = [
    { key: 'name', width: 28 },
    { key: 'email', width: 28 },
    ...result.days.map((d) => ({ key: d.date, width: 7 })),
    { key: 'expected', width: 10 },
    { key: 'logged', width: 10 },
    { key: 'billable', width: 10 },
    { key: 'utilisation', width: 11 },
    { key: 'missing', width: 9 },
  ];
  bold(sheet.addRow([FIRM_NAME]));
  sheet.addRow(['Month', result.month]).commit();
  sheet.addRow(['Filters', safeCell(filters || 'none')]).commit();
  sheet.addRow([]).commit();
  const head = sheet.addRow([
    'Name',
    'Email',
    ...result.days.map((d) => `${d.date.slice(8)} ${weekday(d.date)}`),
    'Expected',
    'Logged',
    'Billable',
    'Utilisation',
    'Missing days',
  ]);
  head.font = { bold: true };
  result.days.forEach((d, i) => {
    if (d.kind !== 'working') head.getCell(3 + i).fill = OFF_FILL;
  });
  head.commit();
  for (const p of result.rows) {
    const missing = new Set(p.missingDays);
    const row = sheet.addRow([
      safeCell(p.fullName),
      safeCell(p.email),
      ...result.days.map((d) => {
        const h = p.days[d.date]?.hours ?? 0;
        return h > 0 ? h : emptyDayText(p, d.date, missing);
      }),
      p.expectedHours,
      p.loggedHours,
      p.billableHours,
      p.utilisation,
      p.missingDays.length,
    ]);
    result.days.forEach((d, i) => {
      const cell = row.getCell(3 + i);
      if (d.kind !== 'working') cell.fill = OFF_FILL;
      else if (missing.has(d.date)) cell.fill = MISSING_FILL;
      else if (p.days[d.date]?.leave) cell.fill = LEAVE_FILL;
    });
    row.getCell(3 + dayCols + 3).numFmt = PERCENT;
    row.commit();
  }
  const total = sheet.addRow([
    'Total',
    null,
    ...result.days.map(() => null),
    result.totals.expected,
    result.totals.logged,
    result.totals.billable,
    result.totals.utilisation,
    null,
  ]);
  total.font = { bold: true };
  total.getCell(3 + dayCols + 3).numFmt = PERCENT;
  total.commit();
  sheet.commit();
  await book.commit();
}
