import { asc, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import { importRecordSchema, SALARY_AMOUNTS, salaryImportQuerySchema } from '../../../domain/modules/salaries/salaries.schema.js';
import { formatMoney } from '../../../domain/money.js';
import type { Api } from '../../http/api.js';
import { notFound } from '../../http/errors.js';
import { XLSX_TYPE } from '../../http/export.js';
import type { Services } from '../../services.js';
import { sendStoredFile } from '../files/files.service.js';
import { users } from '../users/users.table.js';
import { importRoute, monthRows, recordOf } from './salaries.import-check.js';
import { registerImportExecute } from './salaries.import-execute.js';
import { registerImportPreview } from './salaries.import-preview.js';
import { registerImportValidate } from './salaries.import-validate.js';
import { salaries, salaryImports } from './salaries.table.js';
import { writeSheet } from './salaries.workbook.js';

const decl = salariesResource;
const { tags, access, base } = importRoute;

/**
 * The import: template (the month's sheet), validate (every problem, no write), preview (what
 * would change), execute (all or nothing, once per file and month), and the imports kept.
 */
export function registerSalaryImport(app: Api, s: Services) {
  registerTemplate(app, s);
  registerImportValidate(app, s);
  registerImportPreview(app, s);
  registerImportExecute(app, s);
  registerImports(app, s);
}

/** The month's sheet to fill in, which is also the month's export. */
function registerTemplate(app: Api, s: Services) {
  app.get(
    `${base}/template`,
    {
      config: { access },
      schema: {
        tags,
        summary:
          "The month's sheet: one row per active person (e-mail, name, month, amounts, currency from a list). It is also the month's export: imported back, it changes nothing",
        querystring: salaryImportQuerySchema,
      },
    },
    async (req, reply) => {
      const { month } = req.query as { month: string };
      const people = await s.db
        .select({ id: users.id, email: users.email, name: users.fullName, status: users.status })
        .from(users)
        .where(isNull(users.archivedAt))
        .orderBy(asc(users.fullName), asc(users.id));
      const rows = new Map((await monthRows(s.db, month)).map((r) => [r.userId, r]));
      // Each person's currency: this month's salary's, else their latest, else the firm's base.
      const latest = new Map(
        (
          await s.db
            .selectDistinctOn([salaries.userId], { userId: salaries.userId, currency: salaries.currency })
            .from(salaries)
            .where(isNull(salaries.archivedAt))
            .orderBy(salaries.userId, desc(salaries.month))
        ).map((r) => [r.userId, r.currency]),
      );
      const lines = people
        .filter((p) => p.status !== 'inactive' || rows.has(p.id))
        .map((p) => {
          const r = rows.get(p.id);
          const currency = r?.currency ?? latest.get(p.id) ?? s.config.BASE_CURRENCY ?? 'USD';
          return {
            email: p.email,
            name: p.name,
            month,
            currency,
            amounts: r ? Object.fromEntries(SALARY_AMOUNTS.map((f) => [f, formatMoney(r[f], r.currency)])) : {},
          };
        });
      const file = await writeSheet(lines);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="salaries-${month}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}

/** The imports executed and the files they applied. */
function registerImports(app: Api, s: Services) {
  app.get(
    `/${decl.path}/imports`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'The imports executed, newest first: who, when, the file, its hash, the counts',
        response: { 200: z.array(importRecordSchema) },
      },
    },
    async () => {
      const rows = await s.db
        .select({ i: salaryImports, name: users.fullName })
        .from(salaryImports)
        .leftJoin(users, eq(users.id, salaryImports.createdBy))
        .orderBy(desc(salaryImports.createdAt))
        .limit(200);
      return rows.map((r) => recordOf(r.i, r.name));
    },
  );

  app.get(
    `/${decl.path}/imports/:id/file`,
    {
      config: { access },
      schema: { tags, summary: 'The file an import applied, as uploaded', params: z.object({ id: z.uuid({ message: 'invalid_id' }) }) },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const [rec] = await s.db.select({ fileId: salaryImports.fileId }).from(salaryImports).where(eq(salaryImports.id, id));
      if (!rec) throw notFound('Import');
      return sendStoredFile(s.db, reply, rec.fileId);
    },
  );
}
