import { compare, formatDecimal, subtract } from '../../money.js';
import type { StatementLine } from '../../statements.js';

/** What a month's statement pays: its total, never less than nothing. */
export const payableOf = (total: string, scale: number) => formatDecimal(compare(total, '0') < 0 ? '0' : total, scale);

/** A negative total, owed back by the sale: the next statement recovers it. */
export const recoverableOf = (total: string, scale: number) => formatDecimal(compare(total, '0') < 0 ? subtract('0', total) : '0', scale);

/** An earlier statement of the same sale, as the carry reads it. */
export interface EarlierStatement {
  id: string;
  period: string;
  state: string;
  total: string;
  lines: readonly Pick<StatementLine, 'kind' | 'of'>[];
}

/**
 * The line by which a month recovers a negative balance: the latest earlier frozen statement whose
 * total is negative is carried, once, into the first statement after it — not when another
 * statement lies between them (that one carries it), nor when another frozen statement already did.
 * A draft's negative total is carried once it is approved (it may still move before).
 */
export function carryLine(earlier: readonly EarlierStatement[], period: string, scale: number): StatementLine | undefined {
  const before = earlier.filter((s) => s.period < period).sort((a, b) => b.period.localeCompare(a.period));
  const last = before[0];
  if (!last || last.state === 'draft' || compare(last.total, '0') >= 0) return undefined;
  const carried = earlier.some(
    (s) => s.period !== period && s.state !== 'draft' && s.lines.some((l) => l.kind === 'carry' && l.of === last.id),
  );
  if (carried) return undefined;
  const amount = formatDecimal(last.total, scale);
  return {
    key: `carry:${last.id}`,
    kind: 'carry',
    label: last.period,
    formula: `${last.period}: ${amount} < 0, recovered here = ${amount}`,
    amount,
    of: last.id,
  };
}
