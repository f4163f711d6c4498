import { salaryImportQuerySchema, importValidationSchema } from '../../../domain/modules/salaries/salaries.schema.js';
import type { Api } from '../../http/api.js';
import { XLSX_TYPE } from '../../http/export.js';
import type { Services } from '../../services.js';
import { readUpload } from '../files/files.service.js';
import { check, importRoute, upload } from './salaries.import-check.js';
import { writeErrorSheet } from './salaries.workbook.js';

const { tags, access, base } = importRoute;

/** Validate: every problem of the sheet, as a list or as the sheet's rows with an errors column; nothing is written. */
export function registerImportValidate(app: Api, s: Services) {
  app.post(
    `${base}/validate`,
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary: 'Every problem of every row of the sheet, as { row, column, value, code }; nothing is written',
        consumes: ['multipart/form-data'],
        querystring: salaryImportQuerySchema,
        response: { 200: importValidationSchema },
      },
    },
    async (req) => {
      const { month } = req.query as { month: string };
      const { content } = await readUpload(req);
      const c = await check(s.db, content, month);
      return { month, rows: c.read, errors: c.errors };
    },
  );

  app.post(
    `${base}/errors`,
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary: "The sheet's rows that have errors, each with an errors column (what validate reports, row by row)",
        consumes: ['multipart/form-data'],
        querystring: salaryImportQuerySchema,
      },
    },
    async (req, reply) => {
      const { month } = req.query as { month: string };
      const { name, content } = await readUpload(req);
      const c = await check(s.db, content, month, false, true);
      const file = await writeErrorSheet(c.sheet, c.errors);
      const stem = name.replace(/\.xlsx$/i, '').replace(/[^\w.-]+/g, '_') || 'salaries';
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${stem}-errors.xlsx"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
