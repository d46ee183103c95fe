import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { z } from 'zod';
import type { Config } from '../config.js';
import { type Database, DataDirLockedError, type Db, openDatabase } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import { createStorage, isStorageKey, type Storage } from '../platform/storage.js';
import { OpsError } from './ops-error.js';
import { findPgTool, runPgTool } from './pg-tools.js';

/**
 * `npm run backup` and `npm run restore`: the database and the stored files in one .tar.gz.
 *
 *   manifest.json          what is inside: database kind and version, migrations, rows per table, files
 *   database/pglite.tar.gz PGlite's data directory (dumpDataDir), or
 *   database/portal.pgdump pg_dump's custom format (PostgreSQL)
 *   files/<key>            every stored file (DATA_DIR/files or the S3 bucket), under its storage key
 *   data-dir/<name>        the keys the portal generated into DATA_DIR when the environment sets none
 *                          (secrets.json, sso-idp.json): without them the restored PII cannot be read
 *
 * Consistency: the embedded database belongs to one process, so its backup opens it (the lock refuses
 * while the server runs: stop the server first) and holds it until the files are copied. PostgreSQL is
 * dumped from one snapshot beside running servers; files are copied after the dump, so a file uploaded
 * meanwhile is merely extra (uploads are frequent); only a file removed between the dump and its copy (a
 * deleted disclosure version, a retention purge: rare) would be missing for its dumped row.
 */
const FORMAT = 'portal-backup';
const DATA_DIR_FILES = ['secrets.json', 'sso-idp.json'] as const;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  serverVersion: z.string(),
  migrations: z.array(z.string()),
  tables: z.record(z.string(), z.number()),
  files: z.number(),
  bytes: z.number(),
  dataDirFiles: z.array(z.enum(DATA_DIR_FILES)),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Rows per table of the portal's schema: written into the manifest, checked again after a restore. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from ${sql.identifier(name)}`),
    );
    counts[name] = Number(row.n);
  }
  return counts;
}

async function serverVersion(db: Db) {
  const [row] = rowsOf<{ v: string; n: string | number }>(
    await db.execute(sql`select current_setting('server_version') as v, current_setting('server_version_num') as n`),
  );
  return { text: row.v, major: Math.floor(Number(row.n) / 10000) };
}

async function open(config: Config, loadDataDir?: Blob): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, loadDataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new OpsError(
        `${err.message}\nThe embedded database (PGlite) belongs to one process: stop the portal (it closes the database on SIGTERM), run this command, then start the portal again. With PostgreSQL (DATABASE_URL) backups run beside the running servers.`,
      );
    throw err;
  }
}

const where = (config: Config) =>
  config.storage.driver === 's3' ? `the bucket ${config.storage.bucket}` : config.storage.root;

export interface BackupSummary {
  archive: string;
  manifest: BackupManifest;
}

export async function backup(config: Config, out: string, log: (line: string) => void): Promise<BackupSummary> {
  const archive = path.resolve(out);
  if (existsSync(archive)) throw new OpsError(`${archive} exists: a backup never overwrites a file, name a new one.`);
  await mkdir(path.dirname(archive), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(archive), '.portal-backup-'));
  try {
    const database = await open(config);
    let manifest: BackupManifest;
    try {
      const version = await serverVersion(database.db);
      const migrations = rowsOf<{ tag: string }>(
        await database.db.execute(
          sql`select tag from schema_migrations where to_regclass('schema_migrations') is not null order by tag`,
        ),
      ).map((r) => r.tag);
      if (!migrations.length) throw new OpsError('The database is empty (no migration applied): nothing to back up.');
      const tables = await tableCounts(database.db);
      await mkdir(path.join(staging, 'database'));
      if (database.dumpDataDir) {
        const dump = await database.dumpDataDir();
        await writeFile(path.join(staging, 'database/pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } else {
        const pgDump = findPgTool('pg_dump', version.major);
        await runPgTool(
          pgDump,
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--file=${path.join(staging, 'database/portal.pgdump')}`,
          ],
          config.databaseUrl as string,
        );
      }
      log(
        `database: ${database.kind} ${version.text}, ${Object.keys(tables).length} tables, ${migrations.length} migrations`,
      );
      // Still holding the embedded database: no server starts and writes while the files are copied.
      const { files, bytes, foreign } = await copyOut(createStorage(config.storage), path.join(staging, 'files'));
      log(`files: ${files} from ${where(config)} (${bytes} bytes)`);
      if (foreign.length) {
        const named = foreign.slice(0, 20).map((k) => JSON.stringify(k));
        const more = foreign.length > 20 ? ` and ${foreign.length - 20} more` : '';
        log(`not backed up, not the portal's (no storage key): ${named.join(', ')}${more}`);
      }
      const dataDirFiles: BackupManifest['dataDirFiles'] = [];
      for (const name of DATA_DIR_FILES) {
        if (!existsSync(path.join(config.dataDir, name))) continue;
        await mkdir(path.join(staging, 'data-dir'), { recursive: true });
        await copyFile(path.join(config.dataDir, name), path.join(staging, 'data-dir', name));
        dataDirFiles.push(name);
      }
      manifest = {
        format: FORMAT,
        version: 1,
        createdAt: config.now().toISOString(),
        database: database.kind,
        serverVersion: version.text,
        migrations,
        tables,
        files,
        bytes,
        dataDirFiles,
      };
    } finally {
      await database.close();
    }
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const partial = `${archive}.partial`;
    // The archive may hold keys (data-dir) and client PII: readable by its owner only.
    try {
      await tar.c({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, await readdir(staging));
      await chmod(partial, 0o600);
      await rename(partial, archive);
    } catch (err) {
      // A half-written archive still holds PII: never leave it behind.
      await rm(partial, { force: true });
      throw err;
    }
    return { archive, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function copyOut(storage: Storage, dir: string) {
  let files = 0;
  let bytes = 0;
  // A shared bucket may hold other objects: named, never copied (nor written outside the archive's folder).
  const foreign: string[] = [];
  for await (const key of storage.list()) {
    if (!isStorageKey(key)) {
      foreign.push(key);
      continue;
    }
    const body = await storage.get(key);
    if (!body) continue; // removed since it was listed
    const file = path.join(dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(body, createWriteStream(file, { mode: 0o600 }));
    files++;
    bytes += (await stat(file)).size;
  }
  return { files, bytes, foreign };
}

async function keysUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

async function isEmptyDir(dir: string) {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  tables: Record<string, number>;
}

/**
 * Loads an archive of `backup` into an empty place: an empty DATA_DIR (PGlite) or an empty database
 * (DATABASE_URL), and an empty file store. Anything already there is refused before a byte is written.
 */
export async function restore(
  config: Config,
  archivePath: string,
  log: (line: string) => void,
): Promise<RestoreSummary> {
  const archive = path.resolve(archivePath);
  if (!existsSync(archive)) throw new OpsError(`${archive} does not exist.`);
  const staging = await mkdtemp(path.join(tmpdir(), 'portal-restore-'));
  try {
    // The manifest alone first: a refusal below costs no unpacking of the whole archive.
    try {
      await tar.x({ file: archive, cwd: staging, strict: true }, ['manifest.json']);
    } catch (err) {
      throw new OpsError(`${archive} is not a portal backup (${(err as Error).message}).`);
    }
    const read = manifestSchema.safeParse(
      JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => '{}')),
    );
    if (!read.success) throw new OpsError(`${archive} is not a portal backup (no valid manifest.json).`);
    const manifest = read.data;
    const target = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== target)
      throw new OpsError(
        manifest.database === 'pglite'
          ? 'This backup is of the embedded database (PGlite): restore it with DATABASE_URL unset, into an empty DATA_DIR.'
          : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
      );

    // Everything is checked before anything is written: the database, then the keys and the file store.
    const storage = createStorage(config.storage);
    const pgliteDir = path.join(config.dataDir, 'pglite');
    if (target === 'pglite' && !(await isEmptyDir(pgliteDir)))
      throw new OpsError(`${pgliteDir} is not empty: restore needs an empty DATA_DIR (or a new one).`);
    const checkTheRest = async () => {
      for (const name of manifest.dataDirFiles)
        if (existsSync(path.join(config.dataDir, name)))
          throw new OpsError(
            `${path.join(config.dataDir, name)} exists: restore into an empty DATA_DIR (its keys come from the backup).`,
          );
      // A shared bucket's other objects (no storage key, never backed up) may stay; the portal's may not.
      for await (const key of storage.list())
        if (isStorageKey(key))
          throw new OpsError(
            `The file store (${where(config)}) already holds portal files: restore into one without them (other objects may stay).`,
          );
    };

    // Files and folders only: a link in a crafted archive could make the restore copy any readable file.
    const unpack = () =>
      tar.x({
        file: archive,
        cwd: staging,
        strict: true,
        filter: (p, entry) =>
          p !== 'manifest.json' && 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      });
    let tables: Record<string, number>;
    if (target === 'pglite') {
      await checkTheRest();
      await unpack();
      const dump = new Blob([await readFile(path.join(staging, 'database/pglite.tar.gz'))]);
      await restoreDataDirFiles(config, staging, manifest);
      const database = await open(config, dump);
      try {
        tables = await tableCounts(database.db);
      } finally {
        await database.close();
      }
    } else {
      const database = await open(config);
      try {
        const [row] = rowsOf<{ n: string | number }>(
          await database.db.execute(
            sql`select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
          ),
        );
        if (Number(row.n) > 0)
          throw new OpsError(
            `The database of DATABASE_URL is not empty (${row.n} tables): create an empty one (createdb) and point DATABASE_URL at it.`,
          );
        const version = await serverVersion(database.db);
        const pgRestore = findPgTool('pg_restore', version.major);
        await checkTheRest();
        await unpack();
        await restoreDataDirFiles(config, staging, manifest);
        await runPgTool(
          pgRestore,
          [
            '--no-owner',
            '--no-privileges',
            '--exit-on-error',
            '--single-transaction',
            path.join(staging, 'database/portal.pgdump'),
          ],
          config.databaseUrl as string,
        );
        tables = await tableCounts(database.db);
      } finally {
        await database.close();
      }
    }
    const differ = Object.keys({ ...manifest.tables, ...tables }).filter((t) => manifest.tables[t] !== tables[t]);
    if (differ.length) throw new OpsError(`The restored database differs from the backup in: ${differ.join(', ')}.`);
    log(
      `database: ${Object.keys(tables).length} tables restored, row counts as in the backup of ${manifest.createdAt}`,
    );

    const keys = await keysUnder(path.join(staging, 'files'));
    for (const key of keys) await storage.put(key, createReadStream(path.join(staging, 'files', key)));
    log(`files: ${keys.length} restored into ${where(config)}`);
    return { manifest, tables };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function restoreDataDirFiles(config: Config, staging: string, manifest: BackupManifest) {
  if (!manifest.dataDirFiles.length) return;
  await mkdir(config.dataDir, { recursive: true });
  for (const name of manifest.dataDirFiles) {
    await copyFile(path.join(staging, 'data-dir', name), path.join(config.dataDir, name));
    await chmod(path.join(config.dataDir, name), 0o600);
  }
}
