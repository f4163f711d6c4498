import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Role } from '../../../domain/auth/permissions.js';
import { todayIn } from '../../../domain/modules/leave/leave.rules.js';
import { timesheetsResource } from '../../../domain/modules/timesheets/timesheets.resource.js';
import { checkCells, hoursIssue, needsNewSnapshot, type CellChange } from '../../../domain/modules/timesheets/timesheets.rules.js';
import { monthOf, monthsBetween } from '../../../domain/months.js';
import {
  timesheetCellsResponseSchema,
  timesheetCellsSchema,
  timesheetLocksSchema,
  timesheetSchema,
  timesheetSheetQuerySchema,
  timesheetSheetSchema,
  type Timesheet,
} from '../../../domain/modules/timesheets/timesheets.schema.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import type { ResourceModule } from '../../http/resource/index.js';
import type { Db } from '../../db/client.js';
import { conflict, forbidden } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import { customers } from '../customers/customers.table.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { projects } from '../projects/projects.table.js';
import { users } from '../users/users.table.js';
import type { ServerModule } from '../module.js';
import { seedTimesheets } from './timesheets.seed.js';
import {
  asDayEntries,
  assertMayLogFor,
  entriesOn,
  lockedMonths,
  lockPerson,
  refuse,
  snapshotFor,
  type TimesheetRow,
} from './timesheets.service.js';
import { timesheets } from './timesheets.table.js';
import { closedMonths, listCloses } from '../month-close/month-close.service.js';
import { assertNotBilled } from '../invoices/invoices.read-model.js';

const asDb = (tx: unknown) => tx as Db;
const entity = (r: TimesheetRow) =>
  Object.fromEntries(Object.keys(timesheetSchema.shape).map((k) => [k, r[k as keyof TimesheetRow] ?? null])) as Timesheet;

/** The roles that read everyone's logwork (the all-developers view). */
const ALL_READERS: readonly Role[] = ['admin', 'hr_lead', 'sale_lead', 'hr'];
const readsEveryone = (user: CurrentUser) => ALL_READERS.includes(user.role);

const duplicate = () =>
  conflict('Hours are already logged for this project on this day', 'timesheet_duplicate', { date: { code: 'timesheet_duplicate' } });

/** One entry's own rules on the generic routes: hours, future days, the day's total (closed months are the kit's, decision 017). */
async function checkEntry(db: Db, userId: string, next: { id?: string; projectId: string; date: string; hours: number }) {
  const issue = hoursIssue(next.hours);
  if (issue) refuse([{ path: 'hours', issue, status: 422 }]);
  const others = (await entriesOn(db, userId, [next.date])).filter((e) => e.id !== next.id);
  if (others.some((e) => e.projectId === next.projectId)) throw duplicate();
  const refusals = checkCells([{ path: '', projectId: next.projectId, date: next.date, hours: next.hours }], {
    today: todayIn(),
    lockedMonths: new Set(),
    existing: asDayEntries(others),
  });
  if (refusals.length) refuse(refusals);
}

const timesheetsResourceModule: ResourceModule<TimesheetRow> = {
  decl: timesheetsResource,
  table: timesheets,
  searchColumn: timesheets.search,
  async beforeCreate(input, ctx) {
    const db = asDb(ctx.tx);
    const userId = (input.userId as string | undefined) ?? ctx.user.id;
    assertMayLogFor(ctx.user, userId);
    await lockPerson(db, userId);
    const values = input as { projectId: string; date: string; hours: number };
    await checkEntry(db, userId, values);
    await assertNotBilled(db, userId, [{ path: '', ...values }]);
    return { ...input, userId, ...(await snapshotFor(db, userId, values.projectId, values.date)) };
  },
  async beforeUpdate(input, existing, ctx) {
    const db = asDb(ctx.tx);
    assertMayLogFor(ctx.user, existing.userId);
    await lockPerson(db, existing.userId);
    const next = { ...existing, ...(input as Partial<TimesheetRow>) };
    await checkEntry(db, existing.userId, next);
    // Neither the billed cell it was nor the one it becomes.
    await assertNotBilled(db, existing.userId, [
      { path: '', ...existing },
      { path: '', ...next, headcountId: null },
    ]);
    // Hours alone keep the rate they were logged at; another project or day bills at that seat's.
    return needsNewSnapshot(existing, next) ? { ...input, ...(await snapshotFor(db, existing.userId, next.projectId, next.date)) } : input;
  },
  async beforeDelete(existing, ctx) {
    const db = asDb(ctx.tx);
    assertMayLogFor(ctx.user, existing.userId);
    await assertNotBilled(db, existing.userId, [{ path: '', ...existing }]);
  },
};

/** Whose logwork a read asks for: one's own, or anyone's for the roles that read everyone's. */
function readableUser(user: CurrentUser, userId: string | undefined) {
  const id = userId ?? user.id;
  if (id !== user.id && !readsEveryone(user)) throw forbidden('You can only read your own hours', 'not_owner');
  return id;
}

function registerTimesheetRoutes(app: Api, s: Services) {
  const tags = ['timesheets'];
  const base = '/timesheet';
  const access = (action: string) => ({ access: { resource: 'timesheets', action } });

  function emitLive(userId: string, ids: string[]) {
    if (!ids.length) return;
    const payload = { channel: 'resources/timesheets', type: 'updated', payload: { ids }, date: new Date().toISOString() };
    s.realtime.toRoles(ALL_READERS, 'live', payload);
    s.realtime.toUser(userId, 'live', payload);
  }

  app.get(
    `${base}/sheet`,
    {
      config: access('list'),
      schema: {
        tags,
        summary: "A person's entries from `from` to `to`, the projects to log on (their seats' and those logged) and the locked months",
        querystring: timesheetSheetQuerySchema,
        response: { 200: timesheetSheetSchema },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof timesheetSheetQuerySchema>;
      const userId = readableUser(req.user!, q.userId);
      const entries = await s.db
        .select()
        .from(timesheets)
        .where(and(eq(timesheets.userId, userId), gte(timesheets.date, q.from), lte(timesheets.date, q.to)))
        .orderBy(asc(timesheets.date), asc(timesheets.projectId));
      const seats = await s.db
        .select({ projectId: headcounts.projectId })
        .from(headcounts)
        .where(
          and(
            eq(headcounts.userId, userId),
            eq(headcounts.status, 'active'),
            isNull(headcounts.archivedAt),
            lte(headcounts.startDate, q.to),
            or(isNull(headcounts.endDate), gte(headcounts.endDate, q.from)),
          ),
        );
      const seated = new Set(seats.flatMap((r) => (r.projectId ? [r.projectId] : [])));
      const ids = [...new Set([...seated, ...entries.map((e) => e.projectId)])];
      const rows = ids.length
        ? await s.db
            .select({ id: projects.id, name: projects.name, code: projects.code, customerName: customers.name })
            .from(projects)
            .innerJoin(customers, eq(customers.id, projects.customerId))
            .where(inArray(projects.id, ids))
            .orderBy(asc(customers.name), asc(projects.name))
        : [];
      const months = monthsBetween(monthOf(q.from), monthOf(q.to));
      return {
        entries: entries.map(entity),
        projects: rows.map((p) => ({ ...p, seat: seated.has(p.id) })),
        lockedMonths: [...(await lockedMonths(s.db, months))].sort(),
      };
    },
  );

  app.put(
    `${base}/cells`,
    {
      config: access('create'),
      schema: {
        tags,
        summary: "Sets a person's cells (project × day) at once: hours 0 clears one; any refusal refuses all",
        body: timesheetCellsSchema,
        response: { 200: timesheetCellsResponseSchema },
      },
    },
    async (req) => {
      const user = req.user!;
      const body = req.body as z.infer<typeof timesheetCellsSchema>;
      const userId = body.userId ?? user.id;
      assertMayLogFor(user, userId);
      const changes: CellChange[] = body.cells.map((c, i) => ({
        path: `cells.${i}`,
        projectId: c.projectId,
        date: c.date,
        hours: c.hours,
      }));
      const dates = [...new Set(changes.map((c) => c.date))];
      const touched: string[] = [];
      const result = await s.db.transaction(async (tx) => {
        const db = asDb(tx);
        const [person] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.archivedAt)));
        if (!person) throw conflict('The person does not exist', 'reference_missing', { userId: 'reference_missing' });
        const projectIds = [...new Set(changes.map((c) => c.projectId))];
        const live = await db
          .select({ id: projects.id })
          .from(projects)
          .where(and(inArray(projects.id, projectIds), isNull(projects.archivedAt)));
        const known = new Set(live.map((p) => p.id));
        const missing = changes.filter((c) => !known.has(c.projectId));
        if (missing.length)
          throw conflict(
            'A project does not exist',
            'reference_missing',
            Object.fromEntries(missing.map((c) => [`${c.path}.projectId`, 'reference_missing'])),
          );
        await lockPerson(db, userId);
        const stored = await entriesOn(db, userId, dates);
        // Under the months' shared locks: a close in flight waits for this save, or this save sees it (decision 017).
        const locks = await closedMonths(db, dates.map(monthOf));
        const refusals = checkCells(changes, { today: todayIn(), lockedMonths: locks, existing: asDayEntries(stored) });
        if (refusals.length) refuse(refusals);
        // Only what the save changes: a cell sent back as it is stays as it is, billed or not.
        const storedCell = (c: CellChange) => stored.find((e) => e.projectId === c.projectId && e.date === c.date);
        await assertNotBilled(
          db,
          userId,
          changes
            .filter((c, i) => {
              const current = storedCell(c);
              const note = body.cells[i]!.note;
              if (!current) return c.hours !== 0;
              return current.hours !== c.hours || (note !== undefined && (note ?? '') !== current.note);
            })
            .map((c) => ({ ...c, headcountId: storedCell(c)?.headcountId })),
        );
        const audit = (action: 'created' | 'updated' | 'deleted', row: TimesheetRow, before?: TimesheetRow) => {
          const clean = (r?: TimesheetRow) => {
            if (!r) return undefined;
            const { search: _s, updatedAt: _u, ...rest } = r;
            return rest;
          };
          return writeAudit(db, {
            actorId: user.id,
            entity: 'timesheets',
            entityId: row.id,
            action,
            before: clean(before),
            after: clean(action === 'deleted' ? undefined : row),
            requestId: req.id,
          });
        };
        for (const [i, c] of changes.entries()) {
          const cell = body.cells[i]!;
          const current = stored.find((e) => e.projectId === c.projectId && e.date === c.date);
          const note = cell.note === undefined ? undefined : (cell.note ?? '');
          if (c.hours === 0) {
            if (!current) continue;
            await db.delete(timesheets).where(eq(timesheets.id, current.id));
            await audit('deleted', current, current);
            touched.push(current.id);
          } else if (current) {
            if (current.hours === c.hours && (note === undefined || note === current.note)) continue;
            // The rate stays the one the hours were first logged at.
            const [after] = await db
              .update(timesheets)
              .set({ hours: c.hours, ...(note === undefined ? {} : { note }), updatedAt: sql`now()` })
              .where(eq(timesheets.id, current.id))
              .returning();
            await audit('updated', after!, current);
            touched.push(current.id);
          } else {
            const [created] = await db
              .insert(timesheets)
              .values({
                userId,
                projectId: c.projectId,
                date: c.date,
                hours: c.hours,
                note: note ?? '',
                ...(await snapshotFor(db, userId, c.projectId, c.date)),
                createdBy: user.id,
              })
              .returning();
            await audit('created', created!);
            touched.push(created!.id);
          }
        }
        return entriesOn(db, userId, dates);
      });
      emitLive(userId, touched);
      return { data: result.map(entity) };
    },
  );

  // Logwork's month lock is the firm's month close (decision 017): its list, read under the old path.
  const asLock = (r: { month: string; closedBy: string | null; closedAt: string }) => ({
    month: r.month,
    lockedBy: r.closedBy,
    lockedAt: r.closedAt,
  });

  app.get(
    `${base}/locks`,
    {
      config: access('list'),
      schema: { tags, summary: "The firm's closed months, newest first", response: { 200: timesheetLocksSchema } },
    },
    async () => ({ data: (await listCloses(s.db)).map(asLock) }),
  );
  // Closing and reopening are the month close's own routes (admin's, a reopen says why): no second door here.
}

export const timesheetsModule: ServerModule = {
  name: 'timesheets',
  resource: timesheetsResourceModule,
  routes: registerTimesheetRoutes,
  seed: seedTimesheets,
};
