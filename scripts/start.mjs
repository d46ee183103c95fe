// `npm start`: builds what is missing or stale, then runs the server in the foreground (signals pass
// through so PGlite closes cleanly).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();

const root = path.resolve(import.meta.dirname, '..');
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
