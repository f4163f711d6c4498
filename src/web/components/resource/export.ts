import { http } from '../../providers/http';
import { resourceUrl } from '../../providers/data-provider';

const TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
} as const;

/** The file name the server gives (Content-Disposition), else `<resource>.<format>`. */
function fileName(disposition: string | undefined, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/**
 * Downloads `GET {base}/{path}/export?format=…&<the list's filters>` through our axios
 * instance (bearer token, refresh on 401), then saves the blob. The server streams the
 * whole filtered result, not just the page on screen.
 */
export async function downloadExport(resource: string, query: URLSearchParams): Promise<void> {
  const format = (query.get('format') ?? 'xlsx') as keyof typeof TYPES;
  const params: Record<string, string[]> = {};
  for (const [k, v] of query) (params[k] ??= []).push(v);
  const res = await http.get<Blob>(`${resourceUrl(resource)}/export`, {
    params,
    responseType: 'blob',
    headers: { Accept: `${TYPES[format]}, application/json` },
  });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(res.headers['content-disposition'] as string | undefined, `${resource}.${format}`);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
