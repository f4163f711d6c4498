import type { Role } from '../../auth/permissions.js';
import { monthRange } from '../../months.js';
import { MONTH_CHECKS, type MonthCheck, type MonthCounts } from './month-close.schema.js';

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

/**
 * Draft invoices refuse a close outright: a draft of a closed month can never be sent (its send
 * would change the month). The other open items only need the caller to say they saw them.
 */
export const BLOCKING_CHECKS: readonly MonthCheck[] = ['draftInvoices'];

export type CloseRefusal = { code: 'month_draft_invoices'; count: number } | { code: 'month_open_items'; open: Partial<MonthCounts> };

/**
 * Why a month with these counts may not close with this confirmation, or null: drafts first (no
 * confirmation lets them through), then each other open item whose count the caller did not confirm
 * exactly — a count that changed since the checklist was read is not the one they accepted.
 */
export function closeRefusal(counts: MonthCounts, confirm: Partial<MonthCounts> = {}): CloseRefusal | null {
  if (counts.draftInvoices > 0) return { code: 'month_draft_invoices', count: counts.draftInvoices };
  const open = MONTH_CHECKS.filter((k) => !BLOCKING_CHECKS.includes(k) && counts[k] > 0);
  if (open.every((k) => confirm[k] === counts[k])) return null;
  return { code: 'month_open_items', open: Object.fromEntries(open.map((k) => [k, counts[k]])) };
}

/**
 * Where each checklist item's rows are: the page's address with the filters that show exactly the
 * rows counted (the lists keep their filters in the address).
 */
export function checklistLink(key: MonthCheck, month: string): string {
  const { from, to } = monthRange(month);
  const at = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;
  switch (key) {
    case 'draftInvoices':
      return at('/invoices', { period: month, status: 'draft' });
    case 'salariesNotApproved':
      return at('/salary', { month, status: 'draft' });
    case 'salariesNotPaid':
      return at('/salary', { month, status: 'approved' });
    case 'logworkMissing':
      return at('/logwork/all-devs', { month, missing: 'true' });
    case 'costsWithoutVendorInvoice':
      return at('/external-costs', { date_gte: from, date_lte: to, vendorInvoiced: 'false' });
  }
}
