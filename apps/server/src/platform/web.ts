import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth.js';

/** Vite's hashed build output: the name changes with the content, so a browser may keep it for a year. */
const HASHED = `${path.sep}assets${path.sep}`;

/** One entry of `.vite/route-preloads.json`, written by the web build (apps/web/vite.config.ts). */
interface RoutePreload {
  path: string;
  js: string[];
  css: string[];
  /** GET calls the screen makes first; preloaded only for a visitor who has a session. */
  fetch?: string[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `/account/activate/:uid/:token` → a matcher of a request path (a trailing slash is optional). */
function pathMatcher(pattern: string): RegExp {
  const segments = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/**
 * The tags that start a screen's chunks downloading with index.html, by request path. Without the
 * build's table (an older build, `vite build` run by hand) pages simply load their screen afterwards.
 */
function routePreloads(distDir: string): (request: FastifyRequest) => string {
  const file = path.join(distDir, '.vite', 'route-preloads.json');
  if (!existsSync(file)) return () => '';
  const link = (attributes: string, href: string) => `<link ${attributes} href="${escapeAttribute(href)}">`;
  const table = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]).map((route) => {
    const assets = [
      // Fetched, not applied: the first paint (index.html's frame) does not wait for them; the screen's
      // chunk applies them when it loads, from the cache. At low priority, so on a slow line they do not
      // take bandwidth from the entry's stylesheet, which the frame is painted with.
      ...route.css.map((href) => link('rel="preload" as="style" fetchpriority="low" crossorigin', href)),
      ...route.js.map((href) => link('rel="modulepreload" fetchpriority="low" crossorigin', href)),
    ].join('\n    ');
    // Same mode and credentials as the app's fetch(), so the browser hands it this response.
    const calls = (route.fetch ?? []).map((href) => link('rel="preload" as="fetch" crossorigin', href)).join('\n    ');
    return { matches: pathMatcher(route.path), assets, calls };
  });
  return (request) => {
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
    const route = table.find((r) => r.matches.test(pathname));
    if (!route) return '';
    // Without a session the guard's call would only answer 401 and send the visitor to sign-in.
    const signedIn = Boolean(request.cookies?.[SESSION_COOKIE]);
    return [route.assets, signedIn ? route.calls : ''].filter(Boolean).join('\n    ');
  };
}

/**
 * Serves the built web app: hashed assets from disk (the brotli or gzip file the build wrote beside
 * each, as `Accept-Encoding` allows), and index.html for every other non-API path (history-mode
 * routes) with the request's CSP nonce so Mantine's style tags pass the policy, and the links that
 * fetch that path's screen at once.
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
  const preloadsFor = routePreloads(distDir);
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
    if (request.url.startsWith('/api/')) return reply.status(404).send({ detail: messages.http.notFound });
    // A chunk of an older build: a 404 lets the browser fail the import, where HTML would be parsed as JS.
    if (request.url.startsWith('/assets/')) return reply.status(404).send({ detail: messages.http.notFound });
    const nonce = (reply as unknown as { cspNonce?: { style: string } }).cspNonce?.style ?? '';
    const preloads = preloadsFor(request);
    const html = template.replaceAll('__CSP_NONCE__', nonce);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(preloads ? html.replace('</head>', `  ${preloads}\n  </head>`) : html);
  });
}
