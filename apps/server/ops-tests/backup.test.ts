import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { tableCounts } from '../src/ops/backup.js';
import { cliRun, type PostgresServer, scratchDir, startDebianPostgres, startPortal } from './support/portal-process.js';

/**
 * `npm run backup` / `npm run restore` round-trip the demo data: seeded, backed up, restored into an
 * empty place, and the portal started on the copy answers a demo user as the original did, with the same
 * rows in every table and the same stored files. On PGlite (the server must be stopped: the backup
 * refuses while it runs) and on PostgreSQL (Debian's server and its pg_dump, beside the running portal).
 */
const PASSWORD = 'demo-portal-2026';

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status, `${email} signs in`).toBe(200);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { user: body.user, headers: { authorization: `Bearer ${body.token}` } };
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(url, { headers });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

/** What demo users read: the CCO's attestations and a verified audit chain, the client's vault and a file's bytes. */
async function readDemo(url: string) {
  const cco = await signIn(url, 'cco@demo.test');
  const attestations = await getJson<{ count: number; results: { Id: number }[] }>(
    `${url}/api/quarterly_attestations/?page_size=500`,
    cco.headers,
  );
  const chain = await getJson<{ ok: boolean }>(`${url}/api/audit_events/verify/`, cco.headers);
  const client = await signIn(url, 'client@demo.test');
  const vault = await getJson<{ count: number; results: { id: number; file_name: string }[] }>(
    `${url}/api/client_documents/?client=${client.user.id}`,
    client.headers,
  );
  const file = await fetch(`${url}/api/client_documents/${vault.results[0].id}/download/`, { headers: client.headers });
  expect(file.status).toBe(200);
  return {
    attestations: attestations.count,
    attestationIds: attestations.results.map((a) => a.Id).sort(),
    chainOk: chain.ok,
    vault: vault.results.map((d) => d.file_name).sort(),
    fileSha256: createHash('sha256')
      .update(Buffer.from(await file.arrayBuffer()))
      .digest('hex'),
  };
}

/** Every stored file under a DATA_DIR, by key, with its digest. */
function storedFiles(dataDir: string) {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return {};
  return Object.fromEntries(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !path.relative(root, e.parentPath).startsWith('.tmp'))
      .map((e) => {
        const file = path.join(e.parentPath, e.name);
        return [path.relative(root, file), createHash('sha256').update(readFileSync(file)).digest('hex')];
      }),
  );
}

async function countsOf(place: { dataDir: string; databaseUrl?: string }) {
  const database = await openDatabase({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
  try {
    return await tableCounts(database.db);
  } finally {
    await database.close();
  }
}

type Place = { dataDir: string; env?: Record<string, string> };
type DemoRead = Awaited<ReturnType<typeof readDemo>>;

/** Seeds the demo into `source`, starts a portal on it, reads what demo users see, runs `meanwhile` beside it. */
async function seedAndRead(source: Place, meanwhile: () => Promise<void>): Promise<DemoRead> {
  expect((await cliRun(['seed-demo'], source)).code).toBe(0);
  const portal = await startPortal(source);
  try {
    const read = await readDemo(portal.url);
    await meanwhile();
    return read;
  } finally {
    await portal.stop();
  }
}

/** Restores into the empty `target`; a second restore finds the place taken and writes nothing. */
async function restoreInto(archive: string, target: Place) {
  const restored = await cliRun(['restore', archive], target);
  expect(restored.code, restored.stderr).toBe(0);
  const again = await cliRun(['restore', archive], target);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('is not empty');
}

/** A portal started on the restored copy answers the demo users as the original did. */
async function expectSameRead(target: Place, before: DemoRead) {
  const copy = await startPortal(target);
  try {
    expect(await readDemo(copy.url)).toEqual(before);
  } finally {
    await copy.stop();
  }
}

function scratch(name: string) {
  const dir = scratchDir(name);
  dirs.push(dir);
  return { dir, archive: path.join(dir, 'portal.tar.gz') };
}

let postgres: Pick<PostgresServer, 'url' | 'port' | 'destroy'>;
const dirs: string[] = [];
beforeAll(async () => {
  postgres = await startDebianPostgres(['restored']);
});
afterAll(async () => {
  await postgres?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Each case seeds the demo, starts the server twice and backs up and restores: 70-110 s on an idle machine,
// about four times that beside the browser journeys and the image build in CI, past the project's 300 s.
describe.concurrent('backup and restore of the demo data', { timeout: 600_000 }, () => {
  it('on PGlite: refused while the server runs; restored into an empty DATA_DIR, it serves the same data', async () => {
    const { dir, archive } = scratch('backup-pglite');
    const source = { dataDir: path.join(dir, 'source') };
    const target = { dataDir: path.join(dir, 'target') };
    const before = await seedAndRead(source, async () => {
      const refused = await cliRun(['backup', archive], source);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('stop the portal');
      expect(existsSync(archive)).toBe(false);
    });
    const made = await cliRun(['backup', archive], source);
    expect(made.code, made.stderr).toBe(0);
    await restoreInto(archive, target);

    const counts = await countsOf(source);
    expect(counts.quarterly_attestations).toBeGreaterThan(0);
    expect(await countsOf(target)).toEqual(counts);
    const files = storedFiles(source.dataDir);
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect(storedFiles(target.dataDir)).toEqual(files);
    await expectSameRead(target, before);
  });

  it('on PostgreSQL: backed up beside the running server with pg_dump, restored into an empty database', async () => {
    const { dir, archive } = scratch('backup-pg');
    const restoredUrl = postgres.url.replace(/\/portal$/, '/restored');
    const source = { dataDir: path.join(dir, 'source'), env: { DATABASE_URL: postgres.url } };
    const target = { dataDir: path.join(dir, 'target'), env: { DATABASE_URL: restoredUrl } };
    const before = await seedAndRead(source, async () => {
      const made = await cliRun(['backup', archive], source);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain('database: postgres 15');
    });
    await restoreInto(archive, target);

    const counts = await countsOf({ dataDir: source.dataDir, databaseUrl: postgres.url });
    expect(await countsOf({ dataDir: target.dataDir, databaseUrl: restoredUrl })).toEqual(counts);
    expect(storedFiles(target.dataDir)).toEqual(storedFiles(source.dataDir));
    await expectSameRead(target, before);
  });
});
