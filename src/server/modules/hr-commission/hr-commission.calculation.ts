import { asc, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_PROBATION_DAYS,
  recruiterMonth,
  type MatrixVersion,
  type PlacedLevel,
  type PlacementFacts,
  type SplitShare,
} from '../../../domain/modules/hr-commission/hr-commission.rules.js';
import { queryRows, type Db } from '../../db/client.js';
import type { Calculated, Reader, StatementKind } from '../../http/statements/compute.js';
import { lineInBase } from '../invoices/invoices.base-sql.js';
import { hrCommissionMatrices } from './hr-commission-matrices.table.js';
import { hrCommissions } from './hr-commissions.table.js';

/** Today in UTC: the day probation is counted against. */
export const today = () => new Date().toISOString().slice(0, 10);

/** Every live matrix version, oldest first. */
export async function matrixVersions(db: Reader): Promise<MatrixVersion[]> {
  const rows = await (db as Db)
    .select()
    .from(hrCommissionMatrices)
    .where(isNull(hrCommissionMatrices.archivedAt))
    .orderBy(asc(hrCommissionMatrices.effectiveMonth));
  return rows.map((r) => ({
    id: r.id,
    effectiveMonth: r.effectiveMonth,
    basis: r.basis as MatrixVersion['basis'],
    amounts: { intern: r.intern, junior: r.junior, middle: r.middle, senior: r.senior, lead: r.lead },
    billingPercent: r.billingPercent,
    probationDays: r.probationDays,
  }));
}

interface PlacementRow {
  id: string;
  label: string;
  start_date: string;
  end_date: string | null;
  level: string | null;
  hr_id: string | null;
  shares: SplitShare[] | null;
  billing: string | null;
}

/**
 * The days a reader counts placements on: `from`–`to` (a year, twelve months) and today (pending).
 * A placement counts on the day after its probation or the day its seat ends inside it, so one that
 * started more than the longest probation (`probationDays`) before both `from` and today, or after
 * `to` while no longer pending, never counts there: reading only the others keeps a dashboard off
 * every seat ever placed.
 */
export interface CountingWindow {
  from: string;
  to: string;
  today: string;
  probationDays: number;
}

/** The longest probation the matrix versions (or the default, for seats before any) give. */
export const longestProbation = (versions: readonly MatrixVersion[]) =>
  Math.max(DEFAULT_PROBATION_DAYS, ...versions.map((v) => v.probationDays));

/**
 * The placements HR commission counts: live seats that started (active or ended), with the level
 * placed (the job's when the seat came from one, else the person's), the first month's billing (the
 * seat's lines on the invoices of its start month, not cancelled, net of tax, each exchanged to the
 * base currency and rounded as the P&L does) and the split (the lead's, or the recruiter of record's
 * 100 %). `recruiter`: only the placements they have a share of; `window`: only those that can count in it.
 */
export async function placementFacts(db: Reader, base: string, recruiter?: string, window?: CountingWindow): Promise<PlacementFacts[]> {
  const mine = recruiter
    ? sql`and (s.headcount_id is null and h.hr_id = ${recruiter} or s.shares @> ${JSON.stringify([{ userId: recruiter }])}::jsonb)`
    : sql``;
  const days = window && sql`${window.probationDays}::int`;
  const counting = window
    ? sql`and h.start_date >= least(${window.from}::date, ${window.today}::date) - ${days}
        and (h.start_date <= ${window.to}::date or h.end_date <= ${window.to}::date or h.start_date > ${window.today}::date - ${days})`
    : sql``;
  // The seats first; then the invoice lines of their start months only (the period index), summed per
  // seat and month and joined to each seat's start month by hash (joining the lines to the seats
  // inside the sum let the planner loop over the seats once per invoice).
  const rows = await queryRows<PlacementRow>(
    db as Db,
    sql`with seats as (
        select h.id, h.start_date, h.end_date, h.hr_id, h.user_id, h.customer_id, h.job_id, s.shares,
          to_char(h.start_date, 'YYYY-MM') as start_month
        from headcounts h left join hr_commission_splits s on s.headcount_id = h.id
        where h.archived_at is null and h.status in ('active', 'ended') ${mine} ${counting}),
      billing as (
        select l.value ->> 'headcountId' as seat, i.period, sum(${lineInBase(base)})::text as billing
        from invoices i cross join lateral jsonb_array_elements(i.lines) l(value)
        where i.archived_at is null and i.status <> 'cancelled' and i.period in (select start_month from seats)
        group by 1, 2)
      select h.id::text as id, u.full_name || ' · ' || c.name as label, h.start_date::text as start_date,
        h.end_date::text as end_date, coalesce(j.level, u.level) as level, h.hr_id::text as hr_id, h.shares, b.billing
      from seats h join users u on u.id = h.user_id join customers c on c.id = h.customer_id
      left join jobs j on j.id = h.job_id left join billing b on b.seat = h.id::text and b.period = h.start_month
      order by h.start_date, h.id`,
  );
  return rows.flatMap((r) => {
    const shares = r.shares ?? (r.hr_id ? [{ userId: r.hr_id, percent: '100' }] : []);
    if (!shares.length) return [];
    return [
      {
        id: r.id,
        label: r.label,
        startDate: r.start_date,
        endDate: r.end_date,
        level: (r.level as PlacedLevel | null) ?? null,
        firstMonthBilling: r.billing,
        shares,
      },
    ];
  });
}

/** The placements that can count from `from` to `to` or be pending today, with the matrix versions they are read under. */
export async function countingPlacements(db: Reader, base: string, recruiter: string | undefined, from: string, to: string) {
  const versions = await matrixVersions(db);
  const window = { from, to, today: today(), probationDays: longestProbation(versions) };
  return { facts: await placementFacts(db, base, recruiter, window), versions };
}

/** A recruiter's month ('2026-03') as an HR commission statement, from today's data. */
export async function hrCommissionStatement(db: Reader, userId: string, period: string, base: string): Promise<Calculated> {
  // One after the other: a transaction is one connection.
  const placements = await placementFacts(db, base, userId);
  const versions = await matrixVersions(db);
  return { ...recruiterMonth(userId, period, placements, versions, today(), base), unit: base };
}

export const hrCommissionKind: StatementKind = { table: hrCommissions, scale: 2, calculate: hrCommissionStatement };
