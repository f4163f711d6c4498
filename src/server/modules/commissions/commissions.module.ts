import { and, asc, eq, sql } from 'drizzle-orm';
import { add, formatDecimal } from '../../../domain/money.js';
import { monthsBetween } from '../../../domain/months.js';
import { commissionsResource, type Commission } from '../../../domain/modules/commissions/commissions.resource.js';
import { payableOf, recoverableOf } from '../../../domain/statements.js';
import {
  commissionCalculateBodySchema,
  commissionCalculationSchema,
  commissionDashboardQuerySchema,
  commissionDashboardSchema,
  type CommissionDashboardRow,
} from '../../../domain/modules/commissions/commissions.views.js';
import { monthText } from '../../../domain/modules/invoices/invoices.schema.js';
import type { StatementLine } from '../../../domain/statements.js';
import type { Api } from '../../http/api.js';
import { conflict } from '../../http/errors.js';
import { registeredResource, type Row } from '../../http/resource/index.js';
import { computeDraft, storedComputation, type StatementRow } from '../../http/statements/compute.js';
import { registerStatementRoutes } from '../../http/statements/routes.js';
import { statementModule } from '../../http/statements/statement-module.js';
import type { Services } from '../../services.js';
import { assertMonthsOpen } from '../month-close/month-close.service.js';
import type { ServerModule } from '../module.js';
import { paidIntoSalary } from '../salaries/salary-pay.js';
import { users } from '../users/users.table.js';
import { COMMISSION_SCALE, commissionStatementKind } from './commissions.calculation.js';
import { seedCommissions } from './commissions.seed.js';
import { commissions } from './commissions.table.js';

const decl = commissionsResource;
const kind = commissionStatementKind;
const base = statementModule<StatementRow>({ decl, kind });

/** The statement as the API gives it: with what it pays and what it leaves owed. */
const toEntity = (row: StatementRow): Row => ({
  ...base.toEntity!(row),
  payable: payableOf(row.total, COMMISSION_SCALE),
  recoverable: recoverableOf(row.total, COMMISSION_SCALE),
});

const idParams = commissionDashboardQuerySchema.pick({ userId: true }).required();

/**
 * `calculate/:userId`: a sale's month computed from today's data — previewed (nothing stored), or
 * stored: the month's first statement is created as a draft, a draft is recalculated, a frozen one
 * refused (409 `statement_frozen`: a later change is an adjustment of the next open month).
 */
function registerCalculate(app: Api, s: Services) {
  app.post(
    `/${decl.path}/calculate/:userId`,
    {
      config: { access: { resource: decl.name, action: 'create' } },
      schema: {
        tags: [decl.name],
        summary: "Computes a sale's month: a preview, or (store) its draft statement created or recalculated",
        params: idParams,
        body: commissionCalculateBodySchema,
        response: { 200: commissionCalculationSchema },
      },
    },
    async (req, reply) => {
      const { userId } = req.params as { userId: string };
      const { period, store } = req.body as { period: string; store: boolean };
      const baseCurrency = s.config.BASE_CURRENCY;
      const find = async () => {
        const [row] = await s.db
          .select()
          .from(commissions)
          .where(and(eq(commissions.userId, userId), eq(commissions.period, period)));
        return row as unknown as StatementRow | undefined;
      };
      let row = await find();
      if (store) {
        await assertMonthsOpen(s.db, decl.closesWithMonth!, undefined, { period });
        if (!row) {
          await registeredResource(s, decl.name)!.create(req, reply, { userId, period, notes: null });
          row = await find();
        } else if (row.state !== 'draft') {
          throw conflict('An approved statement is frozen: a later change is an adjustment of the next open month', 'statement_frozen');
        } else {
          row = await s.db.transaction(async (tx) => {
            const [locked] = await tx.select().from(commissions).where(eq(commissions.id, row!.id)).for('update');
            if (locked?.state !== 'draft') throw conflict('An approved statement is frozen', 'statement_frozen');
            const draft = await computeDraft(tx, kind, userId, period, baseCurrency);
            const [updated] = await tx
              .update(commissions)
              .set({ ...storedComputation(draft), updatedAt: sql`now()` } as never)
              .where(eq(commissions.id, locked.id))
              .returning();
            await s.kit.audit.write(tx, {
              actorId: req.user!.id,
              entity: decl.name,
              entityId: locked.id,
              action: 'recalculate',
              before: { total: locked.total },
              after: { total: updated!.total },
              requestId: req.id,
            });
            return updated as unknown as StatementRow;
          });
          s.realtime.toRoles(['admin', 'hr_lead', 'sale_lead'], 'live', {
            channel: `resources/${decl.name}`,
            type: 'updated',
            payload: { ids: [row.id] },
            date: new Date().toISOString(),
          });
          s.realtime.toUser(userId, 'live', {
            channel: `resources/${decl.name}`,
            type: 'updated',
            payload: { ids: [row.id] },
            date: new Date().toISOString(),
          });
        }
      }
      const shown = row && row.state !== 'draft' ? row : await computeDraft(s.db, kind, userId, period, baseCurrency);
      return {
        statement: row ? (toEntity(row) as Commission) : null,
        ruleVersion: shown.ruleVersion,
        inputs: shown.inputs,
        lines: shown.lines,
        missing: shown.missing,
        total: formatDecimal(shown.total, COMMISSION_SCALE),
        payable: payableOf(shown.total, COMMISSION_SCALE),
        unit: shown.unit,
      };
    },
  );
}

const sumOf = (lines: readonly StatementLine[], pick: (l: StatementLine) => boolean) =>
  formatDecimal(add('0', ...lines.filter(pick).map((l) => l.amount)), COMMISSION_SCALE);

/**
 * `dashboard?year=`: per sale and month, from the stored statements (a draft as of its last
 * calculation): earned (its tier lines), approved and not yet paid, paid, clawed back (its negative
 * adjustments). A sale sees their own months only.
 */
function registerDashboard(app: Api, s: Services) {
  app.get(
    `/${decl.path}/dashboard`,
    {
      config: { access: { resource: decl.name, action: 'list' } },
      schema: {
        tags: [decl.name],
        summary: 'Commission per sale and month of a year: earned, approved, paid, clawed back',
        querystring: commissionDashboardQuerySchema,
        response: { 200: commissionDashboardSchema },
      },
    },
    async (req) => {
      const { year, userId } = req.query as { year: number; userId?: string };
      const months = monthsBetween(`${year}-01`, `${year}-12`);
      const filters = userId ? [{ field: 'userId', op: 'eq' as const, values: [userId] }] : [];
      const scope = registeredResource(s, decl.name)!.listCondition(req.user!, { filters });
      const rows = await s.db
        .select({
          id: commissions.id,
          userId: commissions.userId,
          name: users.fullName,
          period: commissions.period,
          state: commissions.state,
          total: commissions.total,
          lines: commissions.lines,
        })
        .from(commissions)
        .innerJoin(users, eq(users.id, commissions.userId))
        .where(and(scope, sql`${commissions.period} between ${months[0]} and ${months[11]}`))
        .orderBy(asc(users.fullName), asc(commissions.period));
      const out: CommissionDashboardRow[] = rows.map((r) => {
        const payable = payableOf(r.total, COMMISSION_SCALE);
        return {
          userId: r.userId,
          name: r.name,
          month: r.period,
          statementId: r.id,
          state: r.state,
          earned: sumOf(r.lines, (l) => l.kind === 'metric'),
          approved: r.state === 'approved' ? payable : '0.00',
          paid: r.state === 'paid' ? payable : '0.00',
          clawedBack: formatDecimal(
            add('0', ...r.lines.filter((l) => l.kind === 'adjustment' && l.amount.startsWith('-')).map((l) => l.amount.slice(1))),
            COMMISSION_SCALE,
          ),
        };
      });
      const total = (month: string, k: 'earned' | 'approved' | 'paid' | 'clawedBack') =>
        formatDecimal(add('0', ...out.filter((r) => r.month === month).map((r) => r[k])), COMMISSION_SCALE);
      return {
        year,
        currency: s.config.BASE_CURRENCY,
        rows: out,
        months: months.map((month) => ({
          month,
          earned: total(month, 'earned'),
          approved: total(month, 'approved'),
          paid: total(month, 'paid'),
          clawedBack: total(month, 'clawedBack'),
        })),
      };
    },
  );
}

/** A sale's month of commission: a statement (decision 022) of their plan version, with its calculation and the dashboard. */
export const commissionsModule: ServerModule = {
  name: 'commissions',
  routes: (app, s) => {
    registerCalculate(app, s);
    registerDashboard(app, s);
    registerStatementRoutes(app, s, { decl, kind, periodSchema: monthText });
  },
  resource: {
    ...base,
    toEntity,
    searchColumn: commissions.search,
    actions: {
      ...base.actions,
      markPaid: paidIntoSalary(decl.name, 'commission', COMMISSION_SCALE),
    },
  },
  seed: seedCommissions,
};
