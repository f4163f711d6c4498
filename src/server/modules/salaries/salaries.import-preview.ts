import { importPreviewSchema, salaryImportQuerySchema } from '../../../domain/modules/salaries/salaries.schema.js';
import { plainJson, type Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { readUpload } from '../files/files.service.js';
import { check, importRoute, invalid, monthDigest, planOf, sha256, upload } from './salaries.import-check.js';

const { tags, access, base } = importRoute;

/** Preview: what the file would change, with the token execute must bring back; nothing is written. */
export function registerImportPreview(app: Api, s: Services) {
  app.post(
    `${base}/preview`,
    {
      config: { access, ...upload },
      schema: {
        tags,
        summary:
          'Per person: create, update (each field old → new) or unchanged, and the month’s net per currency before and after; a file with errors is 422',
        consumes: ['multipart/form-data'],
        querystring: salaryImportQuerySchema,
        response: { 200: importPreviewSchema },
      },
      // Built key by key in the schema's shape: 10 000 people's changes are not copied once more on the way out.
      serializerCompiler: plainJson,
    },
    async (req) => {
      const { month } = req.query as { month: string };
      const { content } = await readUpload(req);
      const c = await check(s.db, content, month);
      if (c.errors.length) throw invalid(c.errors);
      const { changes, counts, totals } = planOf(c);
      return { month, sha256: sha256(content), previewToken: monthDigest(c.rows), counts, totals, changes };
    },
  );
}
