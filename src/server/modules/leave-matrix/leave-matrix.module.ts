import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { todayIn } from '../../../domain/modules/leave/leave.rules.js';
import { leaveMatrixResource } from '../../../domain/modules/leave-matrix/leave-matrix.resource.js';
import {
  initializeResultSchema,
  initializeSchema,
  leaveMatrixSchema,
  myMatrixRowSchema,
  type LeaveMatrix,
  type MyMatrixRow,
} from '../../../domain/modules/leave-matrix/leave-matrix.schema.js';
import type { Api } from '../../http/api.js';
import type { ResourceModule, WriteContext } from '../../http/resource/index.js';
import type { Db } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import type { Services } from '../../services.js';
import type { ServerModule } from '../module.js';
import { users } from '../users/users.table.js';
import { annualDaysIn, balanceFor, defaultAllowance, refreshMatrix } from './leave-balance.js';
import { leaveMatrix } from './leave-matrix.table.js';

type MatrixRow = typeof leaveMatrix.$inferSelect;
const asDb = (tx: unknown) => tx as Db;
const entity = (r: MatrixRow) =>
  Object.fromEntries(Object.keys(leaveMatrixSchema.shape).map((k) => [k, r[k as keyof MatrixRow] ?? null])) as LeaveMatrix;

/** used, pending and remaining always follow the person's requests; only entitlement and carry-over are written. */
async function computed(ctx: WriteContext, userId: string, year: number, allowance: { entitlement: number; carried: number }) {
  const { used, pending } = await annualDaysIn(asDb(ctx.tx), userId, year);
  return { used, pending, remaining: allowance.entitlement + allowance.carried - used - pending };
}

const leaveMatrixResourceModule: ResourceModule<MatrixRow> = {
  decl: leaveMatrixResource,
  table: leaveMatrix,
  searchColumn: leaveMatrix.search,
  async beforeCreate(input, ctx) {
    const db = asDb(ctx.tx);
    const userId = input.userId as string;
    const year = input.year as number;
    const [taken] = await db
      .select({ id: leaveMatrix.id })
      .from(leaveMatrix)
      .where(and(eq(leaveMatrix.userId, userId), eq(leaveMatrix.year, year)));
    if (taken)
      throw conflict('This person already has a row for this year', 'leave_matrix_exists', { year: { code: 'leave_matrix_exists' } });
    const defaults = (await defaultAllowance(db, userId, year)) ?? { entitlement: 0, carried: 0 };
    const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
    const allowance = {
      entitlement: (input.entitlement as number | undefined) ?? defaults.entitlement,
      carried: (input.carried as number | undefined) ?? defaults.carried,
    };
    return {
      ...input,
      userName: (input.userName as string | undefined) ?? user?.fullName ?? '',
      ...allowance,
      ...(await computed(ctx, userId, year, allowance)),
    };
  },
  async beforeUpdate(input, existing, ctx) {
    const allowance = {
      entitlement: (input.entitlement as number | undefined) ?? existing.entitlement,
      carried: (input.carried as number | undefined) ?? existing.carried,
    };
    return { ...input, ...(await computed(ctx, existing.userId, existing.year, allowance)) };
  },
};

export const leaveMatrixModule: ServerModule = {
  name: 'leave-matrix',
  resource: leaveMatrixResourceModule,
  routes: registerMatrixRoutes,
};

function registerMatrixRoutes(app: Api, s: Services) {
  const tags = ['leave-matrix'];
  const base = '/leave-matrix';

  app.get(
    `${base}/my-matrix`,
    {
      config: { access: { resource: 'leave-matrix', action: 'mine' } },
      schema: {
        tags,
        summary:
          "The caller's balance rows, one per year, this year's computed from their requests; a year without a stored row is answered computed (id null) and not stored",
        response: { 200: z.array(myMatrixRowSchema) },
      },
    },
    async (req) => {
      // A read never writes (not even updatedAt): this year's figures are computed here, and its row
      // is stored only by initialize or by the leave writes that need it (refreshMatrix).
      const userId = req.user!.id;
      const year = Number(todayIn().slice(0, 4));
      const rows: MyMatrixRow[] = (
        await s.db.select().from(leaveMatrix).where(eq(leaveMatrix.userId, userId)).orderBy(asc(leaveMatrix.year))
      ).map(entity);
      const now = await balanceFor(s.db, userId, year);
      const current = rows.find((r) => r.year === year);
      if (current) Object.assign(current, { used: now.used, pending: now.pending, remaining: now.remaining });
      else {
        rows.push({
          id: null,
          createdAt: null,
          updatedAt: null,
          createdBy: null,
          userId,
          userName: req.user!.fullName,
          year,
          entitlement: now.entitlement,
          carried: now.carried,
          used: now.used,
          pending: now.pending,
          remaining: now.remaining,
        });
        rows.sort((a, b) => a.year - b.year);
      }
      return rows;
    },
  );

  app.post(
    `${base}/initialize`,
    {
      config: { access: { resource: 'leave-matrix', action: 'initialize' } },
      schema: {
        tags,
        summary: "A year's rows for every active user who has none; existing rows are kept (safe to run twice)",
        body: initializeSchema,
        response: { 200: initializeResultSchema },
      },
    },
    async (req) => {
      const { year } = req.body as z.infer<typeof initializeSchema>;
      return s.db.transaction(async (tx) => {
        const db = asDb(tx);
        const active = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.status, 'active'), isNull(users.archivedAt), ne(users.role, '')));
        const existing = new Set(
          (await db.select({ userId: leaveMatrix.userId }).from(leaveMatrix).where(eq(leaveMatrix.year, year))).map((r) => r.userId),
        );
        let created = 0;
        for (const u of active) {
          if (existing.has(u.id)) continue;
          await refreshMatrix(db, u.id, year);
          created++;
        }
        return { year, created, existing: active.length - created };
      });
    },
  );
}
