import { sql } from 'drizzle-orm';
import { todayIn } from '../../../domain/modules/leave/leave.rules.js';
import { BLOCKING_CHECKS, closeRefusal } from '../../../domain/modules/month-close/month-close.rules.js';
import {
  MONTH_CHECKS,
  type MonthCheck,
  type MonthChecklist,
  type MonthCounts,
} from '../../../domain/modules/month-close/month-close.schema.js';
import { monthRange } from '../../../domain/months.js';
import { queryRows, type Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { loadAllDevs } from '../timesheets/timesheets.all-devs.js';

/**
 * What is still unfinished in a month (decision 021), each counted as its list's filter shows it:
 * draft invoices of the billing period, salaries of the month not approved (draft) and approved but
 * not paid, people with working days before today and no hours logged, and costs of the month with
 * no vendor invoice attached. Live rows only: an archived record is no longer work to do.
 */
export async function monthCounts(db: Db, month: string, today = todayIn()): Promise<MonthCounts> {
  const { from, to } = monthRange(month);
  const [row] = await queryRows<Record<Exclude<keyof MonthCounts, 'logworkMissing'>, number>>(
    db,
    sql`select
      (select count(*)::int from invoices where archived_at is null and period = ${month} and status = 'draft') as "draftInvoices",
      (select count(*)::int from salaries where archived_at is null and month = ${month} and status = 'draft') as "salariesNotApproved",
      (select count(*)::int from salaries where archived_at is null and month = ${month} and status = 'approved') as "salariesNotPaid",
      (select count(*)::int from external_costs where archived_at is null and date between ${from} and ${to}
         and coalesce(jsonb_array_length(invoices), 0) = 0) as "costsWithoutVendorInvoice"`,
  );
  const logwork = await loadAllDevs(db, { month, missing: 'true' }, today);
  return { ...row!, logworkMissing: logwork.rows.length };
}

const OPEN_ITEM_EN: Record<MonthCheck, string> = {
  draftInvoices: 'draft invoice(s)',
  salariesNotApproved: 'salary(ies) not approved',
  salariesNotPaid: 'salary(ies) approved but not paid',
  logworkMissing: 'person(s) with logwork missing',
  costsWithoutVendorInvoice: 'cost(s) without a vendor invoice',
};

export function checklistOf(month: string, closed: boolean, counts: MonthCounts): MonthChecklist {
  return { month, closed, items: MONTH_CHECKS.map((key) => ({ key, count: counts[key], blocking: BLOCKING_CHECKS.includes(key) })) };
}

/** Refuses the close of a month whose open items forbid it or were not confirmed by their counts: 422 naming the counts. */
export function assertClosable(month: string, counts: MonthCounts, confirm: Partial<MonthCounts> | undefined) {
  const refusal = closeRefusal(counts, confirm);
  if (!refusal) return;
  if (refusal.code === 'month_draft_invoices')
    throw new AppError(
      422,
      `${month} still holds ${refusal.count} draft invoice(s): send or cancel them first, a draft in a closed month can never be sent`,
      { code: refusal.code, details: { month, count: refusal.count } },
    );
  const named = Object.entries(refusal.open)
    .map(([k, n]) => `${n} ${OPEN_ITEM_EN[k as MonthCheck]}`)
    .join(', ');
  throw new AppError(422, `${month} still has open items (${named}): confirm them by their counts to close it`, {
    code: refusal.code,
    details: { month, ...Object.fromEntries(MONTH_CHECKS.filter((k) => !BLOCKING_CHECKS.includes(k)).map((k) => [k, counts[k]])) },
  });
}
