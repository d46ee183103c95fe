import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. @fastify/helmet builds helmet's whole middleware
 * chain again for every request (and two CSP nonces when enabled): about a tenth of the CPU of a small
 * API request. A JSON answer needs neither nonces nor a per-request computation, so the API's routes
 * get these fixed headers; pages (the web app, the API docs) keep @fastify/helmet with their nonces.
 */
export function fixedSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** A JSON route of the API: everything under /api/ except the documentation pages. */
export const isJsonApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
