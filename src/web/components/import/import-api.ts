import { fileNameOf, saveBlob, downloadFile } from '../download';
import { http } from '../../providers/http';
import type { ImportExecuted, ImportPreview, ImportRecord, ImportValidation } from './import-types';

/**
 * The calls of one import, each step sending the same sheet again: the server keeps nothing
 * between them but the preview's token. `P` and `R` are what a module's import adds to the
 * preview and the record (the salaries' month and totals).
 */
export interface ImportApi<P extends ImportPreview = ImportPreview, R extends ImportRecord = ImportRecord> {
  /** The sheet to fill in (the list's export, raw keys), saved as a file. */
  template: () => Promise<void>;
  /** Every problem of every row; writes nothing. */
  validate: (file: File) => Promise<ImportValidation>;
  /** The failing rows with an errors column, saved as a file. */
  downloadErrors: (file: File) => Promise<void>;
  /** What the sheet would change, with the token that applies exactly that. */
  preview: (file: File) => Promise<P>;
  /** Applied all at once; `onUpload` follows the sheet's upload (0 to 1). */
  execute: (file: File, previewToken: string, onUpload?: (share: number) => void) => Promise<ImportExecuted<R>>;
  /** The imports kept, newest first. */
  history: () => Promise<R[]>;
  /** The file an import applied, as uploaded. */
  downloadImported: (record: R) => Promise<void>;
}

// Our client sends JSON by default; the browser writes the multipart boundary itself.
const multipart = { 'Content-Type': 'multipart/form-data' };
const form = (file: File) => {
  const data = new FormData();
  data.append('file', file);
  return data;
};

/**
 * The kit's import calls under a resource's API path (`/api/v1/customers` → `import/validate`…);
 * `params` are the query every step sends (the salaries' month), read at each call.
 */
export function importApi<P extends ImportPreview = ImportPreview, R extends ImportRecord = ImportRecord>(
  base: string,
  name: string,
  params: () => Record<string, string> = () => ({}),
): ImportApi<P, R> {
  const post = async <T>(step: string, file: File, extra: Record<string, string> = {}) =>
    (await http.post<T>(`${base}/import/${step}`, form(file), { params: { ...params(), ...extra }, headers: multipart })).data;
  return {
    template: () => downloadFile(`${base}/import/template`, { params: params(), fallbackName: `${name}.xlsx` }),
    validate: (file) => post<ImportValidation>('validate', file),
    downloadErrors: async (file) => {
      const res = await http.post<Blob>(`${base}/import/errors`, form(file), {
        params: params(),
        responseType: 'blob',
        headers: multipart,
      });
      saveBlob(res.data, fileNameOf(res.headers['content-disposition'] as string | undefined, `${name}-errors.xlsx`));
    },
    preview: (file) => post<P>('preview', file),
    execute: async (file, previewToken, onUpload) =>
      (
        await http.post<ImportExecuted<R>>(`${base}/import/execute`, form(file), {
          params: { ...params(), previewToken },
          headers: multipart,
          onUploadProgress: (e) => onUpload?.(e.total ? e.loaded / e.total : 0),
        })
      ).data,
    history: async () => (await http.get<R[]>(`${base}/imports`)).data,
    downloadImported: (record) => downloadFile(`${base}/imports/${record.id}/file`, { fallbackName: record.fileName }),
  };
}
