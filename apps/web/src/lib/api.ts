import { httpMessages } from '@portal/domain';

/** A failed call as the server describes it: `{detail, fields?}` with the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly fields: Record<string, string>;
  /** The server's machine-readable reason, where a client acts on one (`session_idle`). */
  readonly code?: string;
  /** A refused sign-in that must now carry a solved captcha. */
  readonly captchaRequired: boolean;

  constructor(
    status: number,
    detail: string,
    fields: Record<string, string> = {},
    extra: { code?: string; captchaRequired?: boolean } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fields = fields;
    this.code = extra.code;
    this.captchaRequired = extra.captchaRequired ?? false;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls the API with the session cookie. The server keeps the session in an httpOnly cookie, so the
 * app never sees or stores a token; unsafe methods echo the `csrftoken` cookie as the server asks.
 */
export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A file goes as itself with its own type (a firm's logo); anything else as JSON. Fastify refuses
  // an empty body announced as JSON, so the content type goes only with a body.
  const raw = body instanceof Blob;
  // A form with files (multipart) goes as itself: the browser writes its content type and boundary.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (raw) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (UNSAFE.has(method)) {
    const csrf = readCookie('csrftoken');
    if (csrf) headers['X-CSRFToken'] = csrf;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: raw || form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, httpMessages.unreachable);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }

  if (!response.ok) throw apiErrorOf(response.status, data);
  return data as T;
}

/** A refusal as the server described it (`{detail, fields?}`), whatever else its body held; 0: unreachable. */
export function apiErrorOf(status: number, data: unknown): ApiError {
  if (status === 0) return new ApiError(0, httpMessages.unreachable);
  const problem = (data ?? {}) as { detail?: unknown; fields?: unknown; code?: unknown; captcha_required?: unknown };
  const detail = typeof problem.detail === 'string' && problem.detail ? problem.detail : httpMessages.internal;
  const fields =
    problem.fields && typeof problem.fields === 'object' ? (problem.fields as Record<string, string>) : undefined;
  return new ApiError(status, detail, fields, {
    code: typeof problem.code === 'string' ? problem.code : undefined,
    captchaRequired: problem.captcha_required === true,
  });
}

/** One page of a server-side list: the count of all, the links to the pages beside it, its rows. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Query-string of a list call, leaving out empty filters. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
