import { z } from 'zod';
import { add, compare, formatDecimal, subtract } from './money.js';
import type { FieldDecl } from './resource.js';
import type { StatesDecl } from './state-actions.js';

/**
 * A statement: the one way the product stores a pay figure it computes (a KPI evaluation, a bonus,
 * a commission) for a person and a period (docs/decisions/022). A module's calculation answers a
 * `Computation` — the inputs as they were, each with the row it came from, and the lines that turn
 * them into the total, each with its formula written out with its numbers. The kit stores it, keeps
 * a draft following the data, freezes it once approved, and explains what changed since.
 */

export const STATEMENT_STATE_VALUES = ['draft', 'approved', 'paid'] as const;
export type StatementState = (typeof STATEMENT_STATE_VALUES)[number];

/** The row an input came from, as the client opens it: `/<resource route>/<id>`. */
export const statementSourceSchema = z.object({ resource: z.string(), id: z.string(), label: z.string() });
export type StatementSource = z.infer<typeof statementSourceSchema>;

/** One figure the calculation read, as it was when it ran. `line`: the line that used it. */
export const statementInputSchema = z.object({
  key: z.string(),
  line: z.string(),
  label: z.string(),
  value: z.string(),
  source: statementSourceSchema.optional(),
});
export type StatementInput = z.infer<typeof statementInputSchema>;

/**
 * `metric`: a figure of the rule; `reweight`: the rule's own correction (metrics left out);
 * `adjustment`: a frozen earlier period that changed since its approval (`of`: that statement);
 * `carry`: an earlier frozen period's negative total, recovered here (`of`: that statement).
 */
export const STATEMENT_LINE_KINDS = ['metric', 'reweight', 'adjustment', 'carry'] as const;
export const statementLineSchema = z.object({
  key: z.string(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  label: z.string(),
  formula: z.string(),
  amount: z.string(),
  of: z.string().optional(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/**
 * Words the server writes into statements (line and input labels, what is missing): the client shows
 * them in the reader's language (`statements:terms.<key>`). Anything else — a metric's own label, a
 * person's name — is shown as written.
 */
export const STATEMENT_TERMS = {
  evaluation: 'evaluation',
  targetBonus: 'target bonus',
  bonusScale: 'bonus scale',
  quarterBonus: 'quarter bonus',
  achievement: 'achievement',
  profit: 'profit',
  fundPercent: 'fund per cent',
  threshold: 'threshold',
  pool: 'pool',
} as const;
/** The key of a server's word (`STATEMENT_TERMS`), or undefined for a label shown as written. */
export const termKey = (text: string) => Object.entries(STATEMENT_TERMS).find(([, word]) => word === text)?.[0];

export interface Computation {
  /** The rule or plan version the lines follow ('kpi-2026-Q1'). */
  ruleVersion: string;
  inputs: StatementInput[];
  lines: StatementLine[];
  /** The sum of the lines, at `scale` digits. */
  total: string;
}

/** The total of a statement: the sum of its lines (an adjustment is a line like any other). */
export function totalOf(lines: readonly Pick<StatementLine, 'amount'>[], scale: number): string {
  return formatDecimal(add('0', ...lines.map((l) => l.amount)), scale);
}

export interface InputChange {
  key: string;
  label: string;
  before: string | null;
  now: string | null;
}

export interface ChangeSinceApproval {
  totalBefore: string;
  totalNow: string;
  difference: string;
  inputs: InputChange[];
}

/**
 * What moved between a frozen statement and the same calculation run today: the inputs added,
 * removed or changed, and the difference of the totals. Undefined when nothing moved. Adjustment
 * lines are the frozen statement's own and are left out of both sides.
 */
export function changeSinceApproval(frozen: Computation, now: Computation, scale: number): ChangeSinceApproval | undefined {
  const own = (c: Computation) => ownTotal(c.lines, scale);
  const before = new Map(frozen.inputs.map((i) => [i.key, i]));
  const after = new Map(now.inputs.map((i) => [i.key, i]));
  const inputs: InputChange[] = [];
  for (const [key, was] of before) {
    const is = after.get(key);
    if (!is || compare(is.value, was.value) !== 0) inputs.push({ key, label: was.label, before: was.value, now: is?.value ?? null });
  }
  for (const [key, is] of after) if (!before.has(key)) inputs.push({ key, label: is.label, before: null, now: is.value });
  const [totalBefore, totalNow] = [own(frozen), own(now)];
  const difference = formatDecimal(subtract(totalNow, totalBefore), scale);
  if (!inputs.length && compare(difference, '0') === 0) return undefined;
  return { totalBefore, totalNow, difference, inputs };
}

/** A frozen statement of an earlier period, with what today's calculation makes of it. */
export interface FrozenPeriod {
  id: string;
  period: string;
  /** Its own lines' total when it was approved (adjustments it carried left out). */
  frozenTotal: string;
  /** The same calculation today. */
  totalNow: string;
  /** What adjustment lines of other frozen statements already carried for it. */
  carried: string;
}

/**
 * The adjustment lines an open statement carries for earlier frozen ones: for each, what today's
 * figure differs from what was approved and from what earlier adjustments already carried —
 * positive or negative, never an edit of the frozen statement.
 */
export function adjustmentLines(earlier: readonly FrozenPeriod[], scale: number): StatementLine[] {
  const lines: StatementLine[] = [];
  for (const p of [...earlier].sort((a, b) => a.period.localeCompare(b.period))) {
    const due = formatDecimal(subtract(subtract(p.totalNow, p.frozenTotal), p.carried), scale);
    if (compare(due, '0') === 0) continue;
    const carried = compare(p.carried, '0') === 0 ? '' : ` − ${formatDecimal(p.carried, scale)}`;
    lines.push({
      key: `adjustment:${p.id}`,
      kind: 'adjustment',
      label: p.period,
      formula: `${formatDecimal(p.totalNow, scale)} − ${formatDecimal(p.frozenTotal, scale)}${carried} = ${due}`,
      amount: due,
      of: p.id,
    });
  }
  return lines;
}

/** The columns every statement resource shares, as its entity carries them (lines and inputs are read from `/:id/statement`). */
export const statementEntityShape = {
  userId: z.uuid(),
  period: z.string(),
  state: z.enum(STATEMENT_STATE_VALUES),
  ruleVersion: z.string(),
  total: z.string(),
  /** 'percent' (an achievement) or a currency code (a pay figure). */
  unit: z.string(),
  missing: z.array(z.string()),
  computedAt: z.string(),
  approvedAt: z.string().nullable(),
  approvedBy: z.uuid().nullable(),
  paidAt: z.string().nullable(),
  paidBy: z.uuid().nullable(),
};

/** A statement's state and total as every statement resource lists them (the server sets both). */
export const statementListFields = {
  state: {
    type: 'enum',
    values: STATEMENT_STATE_VALUES,
    filter: 'eq',
    sort: true,
    list: true,
    readOnly: true,
    form: false,
    colors: { draft: 'warning', approved: 'success', paid: 'info' },
  },
  total: { type: 'decimal', sort: true, list: true, readOnly: true, form: false },
} satisfies Record<string, FieldDecl>;

/**
 * A statement's states as a declaration's `states`: a lead approves a draft (it freezes), and a pay
 * figure is marked paid once — again is a no-op, not a refusal.
 */
export function statementStates(refusal: string, opts: { pay: boolean }): StatesDecl {
  return {
    field: 'state',
    refusal,
    actions: {
      approve: {
        segment: 'approve',
        from: ['draft'],
        to: 'approved',
        stamp: 'approvedAt',
        summary: 'Approves the draft: its inputs, lines and total freeze',
      },
      ...(opts.pay
        ? {
            markPaid: {
              segment: 'mark-paid',
              from: ['approved', 'paid'],
              to: 'paid',
              idempotent: true,
              stamp: 'paidAt',
              summary: 'Marks an approved statement paid (again: nothing changes)',
            },
          }
        : {}),
    },
  };
}

export const statementQuestionSchema = z.object({
  id: z.uuid(),
  line: z.string(),
  text: z.string(),
  askedBy: z.object({ id: z.uuid(), name: z.string() }),
  askedAt: z.string(),
  answer: z.string().nullable(),
  answeredBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  answeredAt: z.string().nullable(),
});
export type StatementQuestion = z.infer<typeof statementQuestionSchema>;

export const changeSinceApprovalSchema = z.object({
  totalBefore: z.string(),
  totalNow: z.string(),
  difference: z.string(),
  inputs: z.array(z.object({ key: z.string(), label: z.string(), before: z.string().nullable(), now: z.string().nullable() })),
});

/** `GET /<path>/:id/statement`: what a statement says, line by line, and what changed since it froze. */
export const statementDetailSchema = z.object({
  inputs: z.array(statementInputSchema),
  lines: z.array(statementLineSchema),
  missing: z.array(z.string()),
  total: z.string(),
  changedSinceApproval: changeSinceApprovalSchema.nullable(),
  questions: z.array(statementQuestionSchema),
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

export const statementQuestionBodySchema = z.strictObject({
  line: z.string().min(1).max(100),
  text: z.string().trim().min(1, { message: 'required' }).max(2000),
});
export const statementAnswerBodySchema = z.strictObject({ text: z.string().trim().min(1, { message: 'required' }).max(2000) });

/**
 * A period's own total: its lines without what it carries for other periods (adjustments for
 * frozen ones that changed, and an earlier negative balance). What changed since an approval, and
 * what an adjustment corrects, compare own totals.
 */
export const ownTotal = (lines: readonly StatementLine[], scale: number) =>
  totalOf(
    lines.filter((l) => l.kind !== 'adjustment' && l.kind !== 'carry'),
    scale,
  );

// A negative total is never paid: it is owed back, and the next statement of the person recovers it.

/** What a statement pays: its total, never less than nothing. */
export const payableOf = (total: string, scale: number) => formatDecimal(compare(total, '0') < 0 ? '0' : total, scale);

/** A negative total, owed back by its person: the next statement recovers it. */
export const recoverableOf = (total: string, scale: number) => formatDecimal(compare(total, '0') < 0 ? subtract('0', total) : '0', scale);

/** An earlier statement of the same person, as the carry reads it. */
export interface EarlierStatement {
  id: string;
  period: string;
  state: string;
  total: string;
  lines: readonly Pick<StatementLine, 'kind' | 'of'>[];
}

/**
 * The line by which a period recovers a negative balance: the latest earlier frozen statement whose
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
