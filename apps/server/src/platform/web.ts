import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's hashed build output: the name changes with the content, so a browser may keep it for a year. */
const HASHED = `${path.sep}assets${path.sep}`;

/**
 * Serves the built web app: hashed assets from disk (the brotli or gzip file the build wrote beside
 * each, as `Accept-Encoding` allows), and index.html for every other non-API path (history-mode
 * routes) with the request's CSP nonce so Mantine's style tags pass the policy.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built: only the API is served');
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // `/x.js` answers with `x.js.br` or `x.js.gz` (Content-Encoding and Vary: Accept-Encoding set);
    // the compressed files and index.html (a template, see below) get no route of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ detail: 'Not found.' });
    const nonce = (reply as unknown as { cspNonce?: { style: string } }).cspNonce?.style ?? '';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(template.replaceAll('__CSP_NONCE__', nonce));
  });
}
