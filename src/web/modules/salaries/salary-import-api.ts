import type { z } from 'zod';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource';
import type { ImportRecord, importPreviewSchema } from '../../../domain/modules/salaries/salaries.schema';
import { importApi, type ImportApi } from '../../components/import/import-api';
import type { ImportChange, ImportPreview } from '../../components/import/import-types';

type SalaryPreviewBody = z.infer<typeof importPreviewSchema>;

/** A person's change: the kit's row, with the currency its amounts read in. */
export type SalaryChange = ImportChange & { currency: string };
/** The kit's preview, with the month and its totals before and after. */
export type SalaryPreview = ImportPreview & Pick<SalaryPreviewBody, 'month' | 'totals'> & { changes: SalaryChange[] };

export const importBase = `/api/v1/${salariesResource.path}`;

/** The kit's row of a person's change: found by e-mail, named by the person; a new salary lists only its amounts set. */
const toKit = (c: SalaryPreviewBody['changes'][number]): SalaryChange => ({
  row: c.row,
  action: c.action,
  key: c.email,
  id: c.userId,
  label: c.name,
  currency: c.currency,
  fields: c.action === 'create' ? c.fields.filter((f) => f.new !== '0') : c.fields,
});

/** The kit's import calls for the month `month()` names; the preview read as the kit's rows. */
export function salaryImportApi(month: () => string): ImportApi<SalaryPreview, ImportRecord> {
  const api = importApi<SalaryPreview, ImportRecord>(importBase, 'salaries', () => ({ month: month() }));
  return {
    ...api,
    preview: async (file) => {
      // The server's own rows, read as the kit's.
      const p = (await api.preview(file)) as unknown as SalaryPreviewBody;
      return { ...p, changes: p.changes.map(toKit) };
    },
  };
}
