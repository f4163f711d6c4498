import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { can } from '../../../domain/resources.js';
import {
  allDevsQuerySchema,
  allDevsResponseSchema,
  exportFileName,
  monthSchema,
  type AllDevsQuery,
} from '../../../domain/modules/timesheets/all-devs.js';
import type { Api } from '../../http/api.js';
import { queryRows } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import { sendWorkbook } from '../../http/export.js';
import type { Services } from '../../services.js';
import type { ServerModule } from '../module.js';
import { loadAllDevs, personEntries } from './timesheets.all-devs.js';
import { writeAllDevsWorkbook, writePersonWorkbook } from './timesheets.excel.js';

const allDevsAccess = { resource: 'timesheets', action: 'allDevs' } as const;

/** What the export was filtered by, in words, for its header (the ids are the API's). */
function describeFilters(q: AllDevsQuery): string {
  const parts = (['q', 'userId', 'customerId', 'projectId', 'missing', 'sort', 'order'] as const)
    .filter((k) => q[k] !== undefined && q[k] !== '')
    .map((k) => `${k}=${q[k]}`);
  return parts.join(', ');
}

export function registerAllDevsRoutes(app: Api, s: Services) {
  const tags = ['timesheet'];

  app.get(
    '/timesheet/all-devs',
    {
      config: { access: allDevsAccess },
      schema: {
        tags,
        summary: "Everyone's month: hours per person per day, expected vs logged, missing days, utilisation (paged)",
        querystring: allDevsQuerySchema,
        response: { 200: allDevsResponseSchema },
      },
    },
    async (req) => {
      const q = req.query as AllDevsQuery;
      const r = await loadAllDevs(s.db, q);
      const limit = q.limit ?? 25;
      const offset = ((q.page ?? 1) - 1) * limit;
      return {
        month: r.month,
        today: r.today,
        days: r.days,
        data: r.rows.slice(offset, offset + limit),
        total: r.rows.length,
        totals: r.totals,
      };
    },
  );

  app.get(
    '/excel/timesheet/all-devs',
    {
      config: { access: allDevsAccess },
      schema: {
        tags,
        summary: "Everyone's month as .xlsx: the all-devs filters and sort, every page",
        querystring: allDevsQuerySchema,
      },
    },
    async (req, reply) => {
      const q = req.query as AllDevsQuery;
      const r = await loadAllDevs(s.db, q);
      return sendWorkbook(reply, exportFileName(q.month), (out) => writeAllDevsWorkbook(out, s.config.FIRM_NAME, r, describeFilters(q)));
    },
  );

  app.get(
    '/excel/timesheet/:userId',
    {
      config: { access: { resource: 'timesheets', action: 'export' } },
      schema: {
        tags,
        summary: "One person's month as .xlsx: each entry, daily totals, expected and utilisation",
        params: z.object({ userId: z.uuid({ message: 'invalid_id' }) }),
        querystring: z.strictObject({ month: monthSchema }),
      },
    },
    async (req, reply) => {
      const { userId } = req.params as { userId: string };
      const { month } = req.query as { month: string };
      const user = req.user!;
      // Row scope: a developer exports their own month; the all-devs roles anyone's.
      if (userId !== user.id && !can(user.role, 'timesheets', 'allDevs', s.access.snapshot()))
        throw forbidden('You can export only your own logwork', 'not_owner');
      const [person] = await queryRows<{ full_name: string; email: string }>(
        s.db,
        sql`select full_name, email from users where id = ${userId} and archived_at is null`,
      );
      if (!person) throw notFound('User');
      const [r, entries] = await Promise.all([loadAllDevs(s.db, { month, userId }, undefined, true), personEntries(s.db, userId, month)]);
      const figures = r.rows[0]!;
      return sendWorkbook(reply, exportFileName(month, person.full_name), (out) =>
        writePersonWorkbook(out, s.config.FIRM_NAME, { fullName: person.full_name, email: person.email }, month, r.days, figures, entries),
      );
    },
  );
}

/** All developers' month and the logwork exports, beside the timesheets resource's own routes. */
export const timesheetsAllDevsModule: ServerModule = { name: 'timesheets-all-devs', routes: registerAllDevsRoutes };
