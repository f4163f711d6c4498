import { downloadFile } from '../download';
import { resourceUrl } from '../../providers/data-provider';

const TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
} as const;

/**
 * Downloads `GET {base}/{path}/export?format=…&<the list's filters>` through our axios
 * instance (bearer token, refresh on 401), then saves the blob. The server streams the
 * whole filtered result, not just the page on screen.
 */
export async function downloadExport(resource: string, query: URLSearchParams): Promise<void> {
  const format = (query.get('format') ?? 'xlsx') as keyof typeof TYPES;
  const params: Record<string, string[]> = {};
  for (const [k, v] of query) (params[k] ??= []).push(v);
  await downloadFile(`${resourceUrl(resource)}/export`, {
    params,
    accept: `${TYPES[format]}, application/json`,
    fallbackName: `${resource}.${format}`,
  });
}
