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
 * `onProgress` hears the bytes received so far, for a long export's progress.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  onProgress?: (bytes: number) => void,
): Promise<void> {
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
  const blob = await bodyOf(response, onProgress);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: its address is kept a while.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

async function bodyOf(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    chunks.push(part.value);
    received += part.value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? undefined });
}
