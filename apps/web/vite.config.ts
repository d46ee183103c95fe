import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createServer, defineConfig, type Plugin, type Rollup, type ViteDevServer } from 'vite';
import type { ScreenPreload } from './src/app/screens';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// index.html is left out: the server fills in a per-request CSP nonce, so it cannot be served as is.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside each built text asset, at the strongest settings, once at
 * build time; the server (`@fastify/static` with `preCompressed`) picks one by `Accept-Encoding`.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // `.vite/` holds what the server reads (route-preloads.json), not what browsers download.
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.vite/'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

// `.../@mantine/core/esm/components/Button/Button.module.mjs`: the class names of one component.
const MANTINE_CLASSES = /^(.*\/node_modules\/@mantine\/(core|notifications|dates))\/esm\/(?:.*\/)?(\w+)\.module\.mjs$/;

/**
 * Mantine's CSS follows its components: each component's class-name module imports that component's
 * stylesheet (`@mantine/core/styles/Button.layer.css`; the whole sheet for notifications and dates),
 * so a page downloads the CSS of the components it draws and a lazy screen brings its own. main.tsx
 * imports the base (reset, variables, global classes). The `.layer.css` files put Mantine in the
 * `mantine` cascade layer, so the app's own CSS wins whatever order the chunks' sheets arrive in.
 *
 * `vite` (dev) pre-bundles Mantine, out of reach of this transform: there main.tsx gets all of it.
 */
function mantineCssPerComponent(): Plugin {
  let serve = false;
  return {
    name: 'portal:mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform: {
      // Only these modules reach the (JavaScript) handler; the bundler skips the call for the rest.
      filter: { id: [MANTINE_CLASSES, /\/src\/main\.tsx$/] },
      handler(code, id) {
        if (serve) {
          if (!id.endsWith('/src/main.tsx')) return null;
          // After main.tsx's own imports: app/global.css declares the cascade layers' order first.
          const all = ['core', 'notifications', 'dates'].map((p) => `import '@mantine/${p}/styles.layer.css';`);
          return { code: `${code}\n${all.join('\n')}\n`, map: null };
        }
        const match = MANTINE_CLASSES.exec(id.split('?')[0]);
        if (!match) return null;
        const [, packageDir, packageName, component] = match;
        const sheet =
          packageName === 'core' ? `${packageDir}/styles/${component}.layer.css` : `${packageDir}/styles.layer.css`;
        if (!existsSync(sheet)) return null;
        // Last, so the sheets of the components this one builds on (imported before it) come first.
        return { code: `${code}\nimport ${JSON.stringify(sheet)};\n`, map: null };
      },
    },
  };
}

/**
 * Runs `read` with a loader of the app's own modules (TypeScript importing the domain's TypeScript):
 * the dev server's, or a throwaway one during a build, which Vite's SSR loader compiles.
 */
async function withSourceLoader<T>(
  root: string,
  devServer: ViteDevServer | undefined,
  read: (load: ViteDevServer['ssrLoadModule']) => Promise<T>,
): Promise<T> {
  const loader =
    devServer ??
    (await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    }));
  try {
    return await read((url) => loader.ssrLoadModule(url));
  } finally {
    if (loader !== devServer) await loader.close();
  }
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * index.html's root holds the page's frame (the loading bar and the footer, app/shell/route-fallback.tsx
 * rendered here), so the first paint needs only the HTML and the entry's stylesheet, not the scripts:
 * on a phone's slow line the frame shows a second or more before the app. The app's first render
 * replaces it with the same markup.
 */
function appFrame(): Plugin {
  let root = '';
  let devServer: ViteDevServer | undefined;
  const render = () =>
    withSourceLoader(root, devServer, async (load) => {
      const { RouteFallback } = await load('/src/app/shell/route-fallback.tsx');
      return renderToStaticMarkup(createElement(RouteFallback));
    });
  return {
    name: 'portal:app-frame',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      devServer = server;
    },
    transformIndexHtml: {
      // After Vite has put the entry's tags in.
      order: 'post',
      async handler(html) {
        if (!html.includes(EMPTY_ROOT)) throw new Error(`index.html lacks ${EMPTY_ROOT}`);
        return (
          html
            .replace(EMPTY_ROOT, `<div id="root">${await render()}</div>`)
            // The frame is painted with the stylesheet alone: on a slow line the scripts should not
            // take its bandwidth (a module script never blocks the paint, but it is fetched as urgently).
            .replace(/<script type="module" crossorigin /g, '<script type="module" fetchpriority="low" crossorigin ')
        );
      },
    },
  };
}

/** What the server adds to index.html for a path: see `routePreloads` and apps/server/src/platform/web.ts. */
export interface RoutePreload {
  /** A path pattern: `:name` is one segment, a trailing slash is optional. */
  path: string;
  /** Module scripts to fetch at once (`<link rel="modulepreload">`). */
  js: string[];
  /** Stylesheets the screen draws with (`<link rel="preload" as="style">`). */
  css: string[];
  /** API calls the screen makes first, fetched at once for a visitor with a session. */
  fetch: string[];
}

/**
 * The screens are lazy chunks, so a first visit would download the entry, run it, and only then ask
 * for the screen: a second round trip before anything is drawn. This lists, per path, the chunks and
 * stylesheets of its screen (beyond what index.html already loads) into `.vite/route-preloads.json`;
 * the server puts them in index.html for that path, so they download alongside the entry. A listed
 * module that is not in the build is reported as a build warning (the page then just loads later).
 */
function routePreloads(): Plugin {
  let root = '';
  let screens: ScreenPreload[] = [];
  return {
    name: 'portal:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      // The screens the features declare (app/screens.ts), each with the modules drawn at its path.
      screens = await withSourceLoader(root, undefined, async (load) =>
        (await load('/src/app/screens.ts')).screenPreloads(),
      );
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // A screen's module is a chunk's facade, or sits inside a group's chunk (the shell's, the lists').
      const bySource = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
      const cssOf = (c: Rollup.OutputChunk) => [...(c.viteMetadata?.importedCss ?? [])];
      // Everything the entry loads statically is in index.html already.
      const inHtml = new Set<string>();
      const walk = (chunk: Rollup.OutputChunk, into: Set<string>) => {
        if (into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const css of cssOf(chunk)) into.add(css);
        for (const file of chunk.imports) {
          const dep = byFile.get(file);
          if (dep) walk(dep, into);
        }
      };
      for (const entry of chunks.filter((c) => c.isEntry)) walk(entry, inHtml);

      const table: RoutePreload[] = screens.map((screen) => {
        const routePath = screen.path;
        const files = new Set<string>();
        for (const module of screen.modules) {
          const chunk = bySource.get(path.resolve(root, module));
          // A moved or renamed screen costs only its head start: say so, and build on.
          if (chunk) walk(chunk, files);
          else this.warn(`route-preloads: ${module} (for ${routePath}) is not a chunk of this build`);
        }
        const wanted = [...files].filter((f) => !inHtml.has(f)).map((f) => `/${f}`);
        return {
          path: routePath,
          js: wanted.filter((f) => f.endsWith('.js')),
          css: wanted.filter((f) => f.endsWith('.css')),
          fetch: screen.fetch,
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: `${JSON.stringify(table, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // Vite takes React's build (development or production) from NODE_ENV, not from the mode: with
  // NODE_ENV=development in the shell, `vite build` would ship React's development build. A build in
  // production mode (the default of `vite build`) is a production build whatever the shell says;
  // `vite` (npm run dev) and an explicit `vite build --mode development` keep development.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';

  return {
    root: import.meta.dirname,
    plugins: [mantineCssPerComponent(), react(), appFrame(), routePreloads(), precompress()],
    server: {
      proxy: { '/api': 'http://localhost:3000' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Bytes and round trips both count (over HTTP/1.1 a page of 25 small chunks waits on round
          // trips): each group is a family of screens' common code, its libraries included (a group takes
          // its modules' dependencies with it). Everything the entry loads is one file; the signed-in
          // header's, every list's (the DataTable's) and every form's (validators, schema-form) one file
          // each, cached once for all their screens. What is left splits by the screens that share it,
          // so a list screen downloads no validator and the home page none of the lists.
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'], priority: 4 },
              { name: 'shell', test: /\/src\/app\/shell\/signed-in-header\.tsx$/, priority: 3 },
              {
                name: 'lists',
                // The DataTable, the filters' dropdown, the confirmations of a row's actions, the icons.
                test: /\/src\/components\/(data-table\/|confirm-)|\/src\/lib\/(list-page-query|dates)\.ts$|\/@mantine\/core\/esm\/components\/(Select|Center)\/|\/@tabler\/icons-react\//,
                priority: 2,
              },
              { name: 'forms', test: /\/src\/lib\/schema-form\/|\/node_modules\/zod\//, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
