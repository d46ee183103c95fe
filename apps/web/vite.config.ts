import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
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
    transform(code, id) {
      if (serve) {
        if (!id.endsWith('/src/main.tsx')) return null;
        const all = ['core', 'notifications', 'dates'].map((p) => `import '@mantine/${p}/styles.layer.css';`);
        return { code: `${all.join('\n')}\n${code}`, map: null };
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
    plugins: [mantineCssPerComponent(), react(), precompress()],
    server: {
      proxy: { '/api': 'http://localhost:3000' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
    },
  };
});
