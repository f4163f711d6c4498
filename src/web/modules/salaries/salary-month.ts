import { salariesResource } from '../../../domain/modules/salaries/salaries.resource';
import { downloadFile } from '../../components/download';

/** The month the salary screens start on: this one (UTC, as the server's months). */
export const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The month's sheet, as the import takes it back: the template and the month's export are one file. */
export async function downloadMonth(month: string) {
  await downloadFile(`/api/v1/${salariesResource.path}/import/template`, { params: { month }, fallbackName: `salaries-${month}.xlsx` });
}
