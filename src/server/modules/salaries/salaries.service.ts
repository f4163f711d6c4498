import { and, eq, isNull, ne } from 'drizzle-orm';
import { SALARY_AMOUNTS, type Salary, type SalaryStatus } from '../../../domain/modules/salaries/salaries.schema.js';
import { extraDecimals, isEditable, salaryNet, type SalaryAmounts } from '../../../domain/modules/salaries/salaries.rules.js';
import { compare, formatMoney } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import type { Row } from '../../http/resource/index.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { ROLES } from '../../../domain/auth/permissions.js';
import { allowsAction } from '../../../domain/resource.js';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import { salaries } from './salaries.table.js';

export type SalaryRow = typeof salaries.$inferSelect;

/** Only the roles that read salaries hear of their changes. */
export const salaryReaders = ROLES.filter((r) => allowsAction(salariesResource, r, 'show'));

export const auditableSalary = (row: SalaryRow) => {
  const { search: _search, updatedAt: _updatedAt, ...rest } = row;
  return rest;
};
type Reader = Pick<Db, 'select'>;

/** The API's salary: amounts at the currency's minor units (VND "15000000", USD "2450.00"). */
export function salaryEntity(row: SalaryRow): Salary {
  const money = (v: string) => formatMoney(v, row.currency);
  return {
    id: row.id,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    userId: row.userId,
    month: row.month,
    base: money(row.base),
    allowance: money(row.allowance),
    overtime: money(row.overtime),
    bonus: money(row.bonus),
    commission: money(row.commission),
    deductions: money(row.deductions),
    net: money(row.net),
    currency: row.currency as Salary['currency'],
    status: row.status as SalaryStatus,
    approvedAt: row.approvedAt,
    paidAt: row.paidAt,
    note: row.note,
  };
}

/** One salary per person and month: 409 `salary_duplicate` on a second. */
export async function assertFreeMonth(tx: Reader, userId: string, month: string, selfId?: string) {
  const [clash] = await tx
    .select({ id: salaries.id })
    .from(salaries)
    .where(
      and(
        eq(salaries.userId, userId),
        eq(salaries.month, month),
        isNull(salaries.archivedAt),
        selfId ? ne(salaries.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (clash)
    throw conflict(`This person already has a salary for ${month}`, 'salary_duplicate', {
      month: { code: 'salary_duplicate', params: { month } },
    });
}

/** An approved or paid salary is closed: 422 `salary_locked` naming its status, on the fields asked to change. */
export function lockedError(status: string, fields: readonly string[]) {
  const issue = { code: 'salary_locked', params: { status } };
  return unprocessable(
    `A ${status} salary cannot change`,
    'salary_locked',
    Object.fromEntries((fields.length ? fields : ['status']).map((f) => [f, issue])),
  );
}

/** The amounts checked against the currency's digits, then the net computed; a net below zero is refused. */
export function computeSalary(amounts: SalaryAmounts, currency: string): Row {
  const extra = extraDecimals(amounts, currency);
  if (extra.length)
    throw unprocessable(
      `${currency} amounts have fewer decimals`,
      'decimal_places',
      Object.fromEntries(
        extra.map((f) => [f, { code: 'decimal_places', params: { max: formatMoney('0', currency).split('.')[1]?.length ?? 0 } }]),
      ),
    );
  const norm = Object.fromEntries(SALARY_AMOUNTS.map((f) => [f, formatMoney(amounts[f], currency)])) as SalaryAmounts;
  const net = salaryNet(norm, currency);
  if (compare(net, '0') < 0)
    throw unprocessable('The deductions are more than the pay', 'net_negative', { deductions: { code: 'net_negative' } });
  return { ...norm, net };
}

/** The inputs of an update that differ from the row as stored (a whole record sent back changes nothing it repeats). */
export function changedFields(input: Row, current: Salary): string[] {
  return Object.entries(input)
    .filter(([k, v]) => {
      if (v === undefined) return false;
      const was = (current as unknown as Row)[k];
      if ((SALARY_AMOUNTS as readonly string[]).includes(k)) return compare(String(v), String(was)) !== 0;
      return JSON.stringify(v ?? null) !== JSON.stringify(was ?? null);
    })
    .map(([k]) => k);
}

export { isEditable };
