import type { z } from 'zod';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource';
import type {
  ImportRecord,
  importExecuteSchema,
  importPreviewSchema,
  importValidationSchema,
} from '../../../domain/modules/salaries/salaries.schema';
import { fileNameOf, saveBlob } from '../../components/download';
import { http } from '../../providers/http';

export type ImportValidation = z.infer<typeof importValidationSchema>;
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportExecuted = z.infer<typeof importExecuteSchema>;

export const importBase = `/api/v1/${salariesResource.path}`;

// Our client sends JSON by default; the browser writes the multipart boundary itself.
const multipart = { 'Content-Type': 'multipart/form-data' };
const form = (file: File) => {
  const data = new FormData();
  data.append('file', file);
  return data;
};

/** The import's calls: each step sends the same sheet again for the month; the server keeps nothing between them but the preview's token. */
export const salaryImportApi = {
  /** Every problem of every row. */
  validate: async (file: File, month: string) =>
    (await http.post<ImportValidation>(`${importBase}/import/validate`, form(file), { params: { month }, headers: multipart })).data,
  /** The sheet's rows with their errors, saved as a file. */
  downloadErrors: async (file: File, month: string) => {
    const res = await http.post<Blob>(`${importBase}/import/errors`, form(file), {
      params: { month },
      responseType: 'blob',
      headers: multipart,
    });
    saveBlob(res.data, fileNameOf(res.headers['content-disposition'] as string | undefined, 'salaries-errors.xlsx'));
  },
  /** What the sheet would change, with the token that applies exactly that. */
  preview: async (file: File, month: string) =>
    (await http.post<ImportPreview>(`${importBase}/import/preview`, form(file), { params: { month }, headers: multipart })).data,
  /** Applied all at once. */
  execute: async (file: File, month: string, previewToken: string) =>
    (
      await http.post<ImportExecuted>(`${importBase}/import/execute`, form(file), {
        params: { month, previewToken },
        headers: multipart,
      })
    ).data,
  /** The imports kept. */
  history: async () => (await http.get<ImportRecord[]>(`${importBase}/imports`)).data,
};
