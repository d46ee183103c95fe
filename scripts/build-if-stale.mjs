// Builds the web app and the server bundle when missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(root, ...p);

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

function run(cmd, args, cwd = root, env = process.env) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const webOut = at('apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
];
if (!existsSync(webOut) || Math.max(...webSources.map((s) => newest(at(s)))) > statSync(webOut).mtimeMs) {
  console.log('Building the web app…');
  // Always React's production build, even with NODE_ENV=development in the shell (`npm run dev` is
  // the development build).
  run(
    process.execPath,
    [at('node_modules/vite/bin/vite.js'), 'build', '--mode', 'production', '--logLevel', 'warn'],
    at('apps/web'),
    { ...process.env, NODE_ENV: 'production' },
  );
}
run(process.execPath, [at('apps/server/build.mjs'), '--if-stale']);
