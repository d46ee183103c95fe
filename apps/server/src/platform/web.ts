import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets from disk, and index.html for every other non-API path
 * (history-mode routes) with the request's CSP nonce so Mantine's style tags pass the policy.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built: only the API is served');
    return;
  }
  const template = readFileSync(indexFile, 'utf8');
  // The built app's files are public by this explicit rule: @fastify/static marks each route it makes
  // for a file with the folder it serves (`config.rootPath`).
  app.addHook('onRoute', (route) => {
    const config = route.config as { rootPath?: string } | undefined;
    if (config?.rootPath?.replace(/\/$/, '') === distDir) route.config = { ...route.config, auth: 'public' };
  });
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
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
