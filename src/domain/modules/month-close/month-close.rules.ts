import type { Role } from '../../auth/permissions.js';

/**
 * The firm's month close (decision 017): a closed month's invoices, salaries, costs and logwork are
 * read-only. A resource says which of its fields puts a row in a month (`closesWithMonth`); these
 * pure rules tell the months a write touches.
 */

/** Who closes and reopens a month: the firm's books are admin's (no access override grants it). */
export const MONTH_CLOSE_ROLES: readonly Role[] = ['admin'];
export const canCloseMonths = (role: string | undefined) => !!role && (MONTH_CLOSE_ROLES as readonly string[]).includes(role);

const DATE_PREFIX = /^(\d{4})-(0[1-9]|1[0-2])(-\d{2})?/;

/** What a declaration names: the field whose value (an ISO date or a `YYYY-MM` month) puts the row in a month. */
export interface MonthCloseDecl {
  field: string;
}

/** The month of a date (`2026-01-31` → `2026-01`) or of a month (`2026-01`); undefined for anything else (null, a blank). */
export function monthOfValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = DATE_PREFIX.exec(value);
  return m ? `${m[1]}-${m[2]}` : undefined;
}

/**
 * The months a write touches: the row's month as stored (nothing changes in a closed month, not even
 * to move out of it) and the month it would have after the write (nothing moves into one). Sorted,
 * each once: locks are taken in this order.
 */
export function monthsTouched(field: string, before?: Record<string, unknown>, after?: Record<string, unknown>): string[] {
  const months = new Set<string>();
  for (const row of [before, after]) {
    const month = row && field in row ? monthOfValue(row[field]) : undefined;
    if (month) months.add(month);
  }
  return [...months].sort();
}
