import { http } from '../../providers/http';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name the server gives (Content-Disposition), else the fallback. */
export function dispositionName(disposition: string | undefined, fallback: string): string {
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a logwork workbook through our axios instance (bearer token, refresh on 401),
 * reporting the bytes received, then saves it under the server's file name.
 */
export async function downloadWorkbook(url: string, params: Record<string, string>, onProgress?: (bytes: number) => void): Promise<void> {
  const res = await http.get<Blob>(url, {
    params,
    responseType: 'blob',
    headers: { Accept: `${XLSX}, application/json` },
    onDownloadProgress: (e) => onProgress?.(e.loaded),
  });
  const href = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = dispositionName(res.headers['content-disposition'] as string | undefined, 'logwork.xlsx');
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
