import { http } from '../providers/http';

/** The file name the server gives (Content-Disposition), else the fallback. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/** Saves a blob under a name, as the browser's own download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API serves to a signed-in caller: through our axios instance (bearer
 * token, refresh on 401), so a plain link would not do. Refusals reject like any other call.
 */
export async function downloadFile(
  url: string,
  opts: { name?: string; fallbackName: string; params?: Record<string, string | string[]>; accept?: string },
): Promise<void> {
  const res = await http.get<Blob>(url, {
    params: opts.params,
    responseType: 'blob',
    headers: opts.accept ? { Accept: opts.accept } : undefined,
  });
  saveBlob(res.data, opts.name ?? fileNameOf(res.headers['content-disposition'] as string | undefined, opts.fallbackName));
}
