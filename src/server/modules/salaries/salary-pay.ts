import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { add, compare, divide, formatDecimal, formatMoney, multiply, subtract } from '../../../domain/money.js';
import { payableOf } from '../../../domain/statements.js';
import { normalizeDecimal } from '../../../domain/modules/invoices/invoices.rules.js';
import { salaryNet } from '../../../domain/modules/salaries/salaries.rules.js';
import { z } from 'zod';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import type { Api } from '../../http/api.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { registeredResource, type ActionStep, type Tx } from '../../http/resource/index.js';
import type { Services } from '../../services.js';
import { closedMonths, monthClosedError } from '../month-close/month-close.service.js';
import { rateInMonth } from '../pnl/pnl.service.js';
import type { Reader, StatementRow } from '../../http/statements/compute.js';
import { salaries } from './salaries.table.js';
import { salaryPayItems } from './salary-pay.table.js';

export type PayColumn = 'bonus' | 'commission';

/** The month a figure paid today goes into: this month's salary (UTC, as the server's other todays). */
export const payMonth = () => new Date().toISOString().slice(0, 7);

/** A pay figure the product computed, going into a person's salary of a month. */
export interface PayItem {
  userId: string;
  month: string;
  column: PayColumn;
  amount: string;
  currency: string;
  /** The record it comes from, as the client routes it: its resource and id, and a label. */
  source: { resource: string; id: string; label: string };
  actorId: string;
}

type SalaryRow = typeof salaries.$inferSelect;

function locked(row: SalaryRow) {
  return conflict(
    `The salary of ${row.month} is ${row.status}: a payment can no longer be added to it or taken out of it`,
    'salary_locked',
    { month: { code: 'salary_locked', params: { status: row.status, month: row.month } } },
  );
}

/** The person's salary of the month, locked for this write (the live one). */
async function salaryOf(tx: Tx, userId: string, month: string): Promise<SalaryRow | undefined> {
  const [row] = await tx
    .select()
    .from(salaries)
    .where(and(eq(salaries.userId, userId), eq(salaries.month, month), isNull(salaries.archivedAt)))
    .for('update');
  return row;
}

/** The currency the person is paid in: their latest salary's, else the figure's own. */
async function payCurrency(tx: Tx, userId: string, fallback: string) {
  const [last] = await tx
    .select({ currency: salaries.currency })
    .from(salaries)
    .where(and(eq(salaries.userId, userId), isNull(salaries.archivedAt)))
    .orderBy(desc(salaries.month))
    .limit(1);
  return last?.currency ?? fallback;
}

/**
 * A statement's mark-paid step: what it pays joins the person's salary of this month in `column`,
 * with a pay item back to the statement (a zero too: the salary's tab shows the statement was paid).
 * A negative total pays nothing (never a negative payment): the statement kit carries its balance
 * into the person's next statement.
 */
export const paidIntoSalary = (resource: string, column: PayColumn, scale: number): ActionStep<StatementRow> => ({
  async apply(row, _body, w) {
    if (compare(row.total, '0') >= 0)
      await payIntoSalary(w.tx, w.services, {
        userId: row.userId,
        month: payMonth(),
        column,
        amount: payableOf(row.total, scale),
        currency: row.unit,
        source: { resource, id: row.id, label: row.period },
        actorId: w.user.id,
      });
    return { paidBy: w.user.id };
  },
});

/**
 * Adds a paid figure to the person's salary of the month, in the write's transaction: the salary is
 * drafted if there is none; an approved or paid salary, or a closed month, refuses it (409/422 naming
 * the month). A figure in another currency is converted at the rate the P&L uses for that month.
 * Paying the same source again changes nothing. Audited on the salary, so its History shows it.
 */
export async function payIntoSalary(tx: Tx, s: Services, item: PayItem): Promise<void> {
  if ((await closedMonths(tx, [item.month])).has(item.month)) throw monthClosedError(item.month, 'month');
  const [already] = await tx
    .select({ id: salaryPayItems.id })
    .from(salaryPayItems)
    .where(
      and(
        eq(salaryPayItems.resource, item.source.resource),
        eq(salaryPayItems.sourceId, item.source.id),
        eq(salaryPayItems.userId, item.userId),
      ),
    );
  if (already) return;
  let salary = await salaryOf(tx, item.userId, item.month);
  if (salary && salary.status !== 'draft') throw locked(salary);
  const currency = salary?.currency ?? (await payCurrency(tx, item.userId, item.currency));
  const rate = await conversionRate(tx, s.config.BASE_CURRENCY, item.currency, currency, item.month);
  if (!rate)
    throw unprocessable(
      `No exchange rate between ${item.currency} and ${currency} around ${item.month}: record an invoice or a cost in it first`,
      'no_rate',
      {
        month: { code: 'no_rate', params: { from: item.currency, to: currency, month: item.month } },
      },
    );
  if (!salary) {
    const zero = formatMoney('0', currency);
    const blank = { base: zero, allowance: zero, overtime: zero, bonus: zero, commission: zero, deductions: zero };
    [salary] = await tx
      .insert(salaries)
      .values({ userId: item.userId, month: item.month, currency, ...blank, net: salaryNet(blank, currency), createdBy: item.actorId })
      .returning();
    await s.kit.audit.write(tx, { actorId: item.actorId, entity: 'salaries', entityId: salary!.id, action: 'created', after: salary });
  }
  const before = salary!;
  const after = await addToSalary(tx, before, item, rate);
  await s.kit.audit.write(tx, { actorId: item.actorId, entity: 'salaries', entityId: before.id, action: 'updated', before, after });
}

/**
 * The write of a payment itself: the figure at `rate` added to the salary's column and net, and
 * its pay item linking back to the source. The route's guards and audit are payIntoSalary's.
 */
async function addToSalary(db: Reader, salary: SalaryRow, item: PayItem, rate: string): Promise<SalaryRow> {
  const amount = formatMoney(multiply(item.amount, rate), salary.currency);
  const changed = { ...salary, [item.column]: formatMoney(add(salary[item.column], amount), salary.currency) };
  const [after] = await db
    .update(salaries)
    .set({ [item.column]: changed[item.column], net: salaryNet(changed, salary.currency), updatedAt: sql`now()` })
    .where(eq(salaries.id, salary.id))
    .returning();
  await db.insert(salaryPayItems).values({
    salaryId: salary.id,
    userId: item.userId,
    month: item.month,
    column: item.column,
    amount,
    sourceAmount: item.amount,
    sourceCurrency: item.currency,
    rate,
    resource: item.source.resource,
    sourceId: item.source.id,
    label: item.source.label,
  });
  return after!;
}

/**
 * The demo seed's payment of a figure it marks paid: the same write into the person's salary of
 * the month as payIntoSalary's, but into the salary as the seed left it (approved or paid, the
 * month closed: the firm paid it then) and none drafted — no salary that month, or no rate, and
 * the figure stays out of the salaries, as the firm would have recorded it elsewhere.
 */
export async function seedPayIntoSalary(db: Reader, base: string, item: PayItem): Promise<void> {
  const [salary] = await db
    .select()
    .from(salaries)
    .where(and(eq(salaries.userId, item.userId), eq(salaries.month, item.month), isNull(salaries.archivedAt)));
  const rate = salary && (await conversionRate(db, base, item.currency, salary.currency, item.month));
  if (salary && rate) await addToSalary(db, salary, item, rate);
}

/** Takes a figure paid earlier back out of its salary (a project bonus marked unpaid); refused once that salary is approved. */
export async function takeOutOfSalary(tx: Tx, s: Services, source: PayItem['source'], userId: string, actorId: string): Promise<void> {
  const [item] = await tx
    .select()
    .from(salaryPayItems)
    .where(and(eq(salaryPayItems.resource, source.resource), eq(salaryPayItems.sourceId, source.id), eq(salaryPayItems.userId, userId)));
  if (!item) return;
  if ((await closedMonths(tx, [item.month])).has(item.month)) throw monthClosedError(item.month, 'month');
  const [before] = await tx.select().from(salaries).where(eq(salaries.id, item.salaryId)).for('update');
  if (before) {
    if (before.status !== 'draft') throw locked(before);
    const column = item.column as PayColumn;
    const changed = { ...before, [column]: formatMoney(subtract(before[column], item.amount), before.currency) };
    const [after] = await tx
      .update(salaries)
      .set({ [column]: changed[column], net: salaryNet(changed, before.currency), updatedAt: sql`now()` })
      .where(eq(salaries.id, before.id))
      .returning();
    await s.kit.audit.write(tx, { actorId, entity: 'salaries', entityId: before.id, action: 'updated', before, after });
  }
  await tx.delete(salaryPayItems).where(eq(salaryPayItems.id, item.id));
}

/** Units of `to` per unit of `from`, through the base currency at the month's P&L rates (to 10 digits); null when the firm has no rate. */
export async function conversionRate(db: Reader, base: string, from: string, to: string, month: string): Promise<string | null> {
  if (from === to) return '1';
  const [a, b] = await Promise.all([rateInMonth(db, base, from, month), rateInMonth(db, base, to, month)]);
  return a && b ? formatDecimal(divide(a, b, 10)) : null;
}

export const salaryPayItemSchema = z.object({
  id: z.uuid(),
  column: z.enum(['bonus', 'commission']),
  /** In the salary's currency. */
  amount: z.string(),
  currency: z.string(),
  sourceAmount: z.string(),
  sourceCurrency: z.string(),
  rate: z.string(),
  resource: z.string(),
  sourceId: z.uuid(),
  label: z.string(),
  createdAt: z.string(),
});

/** `GET /salaries/:id/pay-items`: what the salary's bonus and commission hold that the product paid, each linking to its source. */
export function registerSalaryPayRoutes(app: Api, s: Services) {
  app.get(
    `/${salariesResource.path}/:id/pay-items`,
    {
      config: { access: { resource: salariesResource.name, action: 'show' } },
      schema: {
        tags: [salariesResource.name],
        summary: 'The paid bonuses and commissions the salary holds, each with the figure, rate and record it came from',
        params: z.object({ id: z.uuid({ message: 'invalid_id' }) }),
        response: { 200: z.object({ data: z.array(salaryPayItemSchema) }) },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      // In the caller's scope (404 outside it), with the currency its items were added in.
      const salary = (await registeredResource(s, salariesResource.name)!.findOne(req.user!, id, { withArchived: true })) as SalaryRow;
      const currencyOf = salary.currency;
      const rows = await s.db.select().from(salaryPayItems).where(eq(salaryPayItems.salaryId, id)).orderBy(salaryPayItems.createdAt);
      return {
        data: rows.map((r) => ({
          id: r.id,
          column: r.column as PayColumn,
          amount: formatMoney(r.amount, currencyOf),
          currency: currencyOf,
          sourceAmount: formatMoney(r.sourceAmount, r.sourceCurrency),
          sourceCurrency: r.sourceCurrency,
          // Without the column's trailing zeros: the same currency's rate reads '1', as the client tells it.
          rate: normalizeDecimal(r.rate),
          resource: r.resource,
          sourceId: r.sourceId,
          label: r.label,
          createdAt: r.createdAt,
        })),
      };
    },
  );
}
