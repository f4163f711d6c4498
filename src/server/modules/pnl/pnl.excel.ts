import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Pnl } from '../../../domain/modules/pnl/pnl.schema.js';
import { safeCell } from '../../http/export.js';

const HEAD: Record<Pnl['groupBy'], string> = { month: 'Month', customer: 'Customer', project: 'Project', person: 'Person' };

/**
 * The P&L as the screen shows it (same range, grouping, rows and hidden figures): one row per group
 * and the totals. In English, like the other workbooks the firm shares; a hidden figure is blank
 * with "hidden" beside it, a margin without revenue is blank.
 */
export async function writePnlWorkbook(out: Writable, firmName: string, p: Pnl) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet('P&L');
  sheet.columns = [{ width: 32 }, { width: 24 }, ...Array.from({ length: 8 }, () => ({ width: 16 })), { width: 10 }];
  const money = '#,##0.00';
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
    row.commit();
  };
  bold(sheet.addRow([safeCell(firmName)]));
  sheet.addRow(['Profit and loss', `${p.from} – ${p.to}`, `by ${p.groupBy}`, `in ${p.baseCurrency}`]).commit();
  if (p.frozenMonths.length) sheet.addRow(['As closed', p.frozenMonths.join(', ')]).commit();
  sheet.addRow([]).commit();
  bold(
    sheet.addRow([
      HEAD[p.groupBy],
      p.groupBy === 'project' ? 'Customer' : '',
      'Revenue',
      'Salary cost',
      'Bonuses',
      'Commissions',
      'External cost',
      'Profit',
      'Margin %',
      '',
    ]),
  );
  const num = (v: string | null) => (v === null ? null : Number(v));
  const write = (label: string, customer: string, f: Pnl['totals'], isTotal = false) => {
    const row = sheet.addRow([
      safeCell(label),
      safeCell(customer),
      num(f.revenue),
      num(f.salaryCost),
      num(f.bonuses),
      num(f.commissions),
      num(f.externalCost),
      num(f.profit),
      num(f.margin),
      f.masked ? 'hidden' : '',
    ]);
    for (const c of [3, 4, 5, 6, 7, 8]) row.getCell(c).numFmt = money;
    row.getCell(9).numFmt = '0.0';
    if (isTotal) row.font = { bold: true };
    row.commit();
  };
  for (const r of p.rows) write(r.key === 'overhead' ? 'Bench / overhead' : r.label, r.customerName ?? '', r);
  write('Total', '', p.totals, true);
  sheet.commit();
  await book.commit();
}
