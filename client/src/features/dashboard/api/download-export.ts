import { ApiError } from '@/lib/api';
import { downloadText } from '@/lib/download';

/**
 * Downloads a server-made CSV export (history, fuel). Returns the number of data rows so the
 * caller can say "No Data to Export" when there are none (the file is then not saved).
 */
export async function downloadServerCsv(url: string, fallbackName: string): Promise<number> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Unable to connect to server. Please try again.', 'network');
  }
  const text = (await res.text()).replace(/^\uFEFF/, '');
  if (!res.ok) {
    let message = res.statusText || `Request failed (${res.status})`;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, message);
  }
  const rows = text.split(/\r?\n/).filter((l) => l.trim() !== '').length - 1;
  if (rows <= 0) return 0;
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  downloadText(name, text);
  return rows;
}
