// `npm run dev`: the server bundle rebuilt on change and restarted (node --watch), and Vite's dev
// server (http://localhost:5173, proxying /api to the server) with hot reload.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();

const root = path.resolve(import.meta.dirname, '..');
spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { cwd: root, stdio: 'inherit' });
const children = [
  spawn(process.execPath, [path.join(root, 'apps/server/build.mjs'), '--watch'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch', '--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const c of children) c.kill(signal);
  });
