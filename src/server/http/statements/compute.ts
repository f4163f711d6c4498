import { and, eq, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  adjustmentLines,
  carryLine,
  changeSinceApproval,
  ownTotal,
  totalOf,
  type ChangeSinceApproval,
  type Computation,
  type StatementLine,
} from '../../../domain/statements.js';
import { add, formatDecimal } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import { columnOf, type Tx } from '../resource/index.js';

export type Reader = Db | Tx;

/** Today's figures of a person's period, as the module computes them. */
export interface Calculated extends Computation {
  /** Figures the statement needs and lacks (an actual not entered): it cannot be approved until they are there. */
  missing: string[];
  /** 'percent' or a currency code. */
  unit: string;
}

/**
 * What a module gives the kit for one kind of statement: its calculation, the digits of its total,
 * and the table that keeps its statements (with `statementColumns`).
 */
export interface StatementKind {
  table: PgTable;
  scale: number;
  /** `base`: the firm's base currency, the one pay figures and revenue are counted in. */
  calculate(db: Reader, userId: string, period: string, base: string): Promise<Calculated>;
}

/** A stored statement row, as far as the kit reads it. */
export interface StatementRow {
  id: string;
  userId: string;
  period: string;
  state: string;
  ruleVersion: string;
  inputs: Computation['inputs'];
  lines: StatementLine[];
  missing: string[];
  total: string;
  unit: string;
  [key: string]: unknown;
}

const col = (kind: StatementKind, name: string) => columnOf(kind.table, name);

/**
 * The draft of a person's period: today's calculation, plus an adjustment line for each earlier
 * frozen statement that changed since its approval and whose difference no frozen statement carries
 * yet — but only in the next open period after it (a later draft leaves it to that one) — and the
 * carry of the latest earlier frozen statement's negative total, which no statement pays.
 */
export async function computeDraft(db: Reader, kind: StatementKind, userId: string, period: string, base: string): Promise<Calculated> {
  const current = await kind.calculate(db, userId, period, base);
  const rows = (await db
    .select()
    .from(kind.table)
    .where(eq(col(kind, 'userId'), userId))) as unknown as StatementRow[];
  const frozen = rows.filter((r) => r.state !== 'draft');
  const drafts = rows.filter((r) => r.state === 'draft' && r.period !== period).map((r) => r.period);
  const earlier = [];
  for (const s of frozen) {
    if (s.period >= period) continue;
    // Another open period between it and this one takes its adjustment first.
    if (drafts.some((d) => d > s.period && d < period)) continue;
    const carried = frozen.flatMap((f) => f.lines.filter((l) => l.kind === 'adjustment' && l.of === s.id).map((l) => l.amount));
    const now = await kind.calculate(db, userId, s.period, base);
    earlier.push({
      id: s.id,
      period: s.period,
      frozenTotal: ownTotal(s.lines, kind.scale),
      totalNow: ownTotal(now.lines, kind.scale),
      carried: formatDecimal(add('0', ...carried), kind.scale),
    });
  }
  const carry = carryLine(rows, period, kind.scale);
  const lines = [...current.lines, ...adjustmentLines(earlier, kind.scale), ...(carry ? [carry] : [])];
  return { ...current, lines, total: totalOf(lines, kind.scale) };
}

/** What a frozen statement's calculation gives today, against what was approved; null when nothing moved. */
export async function changedSince(db: Reader, kind: StatementKind, row: StatementRow, base: string): Promise<ChangeSinceApproval | null> {
  if (row.state === 'draft') return null;
  const now = await kind.calculate(db, row.userId, row.period, base);
  const frozen = { ruleVersion: row.ruleVersion, inputs: row.inputs, lines: row.lines, total: row.total };
  return changeSinceApproval(frozen, now, kind.scale) ?? null;
}

/** The values a draft row stores for a computation. */
export const storedComputation = (c: Calculated) => ({
  ruleVersion: c.ruleVersion,
  inputs: c.inputs,
  lines: c.lines,
  missing: c.missing,
  total: c.total,
  unit: c.unit,
  computedAt: new Date().toISOString(),
});

/** Other statements of the same person and period (a second draft of one quarter is refused). */
export async function samePeriod(db: Reader, kind: StatementKind, userId: string, period: string, exceptId?: string) {
  return db
    .select({ id: col(kind, 'id') })
    .from(kind.table)
    .where(and(eq(col(kind, 'userId'), userId), eq(col(kind, 'period'), period), exceptId ? ne(col(kind, 'id'), exceptId) : undefined));
}
