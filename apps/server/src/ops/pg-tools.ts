import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { OpsError } from './ops-error.js';

type Tool = 'pg_dump' | 'pg_restore';
const OVERRIDE: Record<Tool, string> = { pg_dump: 'PG_DUMP', pg_restore: 'PG_RESTORE' };

/** The major version a PostgreSQL program reports (`pg_dump (PostgreSQL) 15.18 (Debian …)`), or null. */
export function majorOf(program: string): number | null {
  const run = spawnSync(program, ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(run.stdout ?? '');
  return run.status === 0 && match ? Number(match[1]) : null;
}

/**
 * A pg_dump (or pg_restore) that can read a server of major version `needed`: pg_dump refuses a server
 * newer than itself. Taken from PG_DUMP/PG_RESTORE when set, else the newest of Debian's versioned
 * installs (/usr/lib/postgresql/<major>/bin), else the one on PATH.
 */
export function findPgTool(tool: Tool, needed: number): string {
  const override = process.env[OVERRIDE[tool]];
  let versioned: string[] = [];
  try {
    versioned = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => path.join('/usr/lib/postgresql', v, 'bin', tool));
  } catch {}
  const seen: string[] = [];
  for (const candidate of override ? [override] : [...versioned, tool]) {
    const major = majorOf(candidate);
    if (major === null) continue;
    if (major >= needed) return candidate;
    seen.push(`${candidate} (${major})`);
  }
  throw new OpsError(
    `The database server is PostgreSQL ${needed}: ${tool} must be of version ${needed} or newer, and ${
      seen.length ? `only ${seen.join(', ')} was found` : 'none was found'
    }. Install PostgreSQL ${needed}'s client programs (Debian: postgresql-client-${needed}) or set ${OVERRIDE[tool]} to its ${tool}.`,
  );
}

/** The address without its password, which goes to the program in PGPASSWORD (not on a command line others can read). */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL program; its error output becomes the error's message. */
export function runPgTool(program: string, args: string[], databaseUrl: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${dbname}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new OpsError(`${path.basename(program)} failed (exit ${code}):\n${err.trim()}`)),
    );
  });
}
