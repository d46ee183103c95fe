import { apiErrorOf } from './api';

/** The file name a `Content-Disposition` header gives: its UTF-8 `filename*` first, else `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A malformed encoding: the plain name below will do.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] || fallback;
}

/**
 * Downloads a file the API answers (an export, a PDF) with the session cookie, and saves it under the
 * server's name. A refusal throws an `ApiError` with the server's message, like any other call.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw apiErrorOf(0, null);
  }
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    throw apiErrorOf(response.status, data);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
