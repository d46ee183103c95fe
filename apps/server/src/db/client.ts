import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/**
 * Either the database or a transaction, for reading: repositories take this so services decide the
 * boundary. It has no write calls: a repository function that writes takes a writer handed out by one
 * of the two doors of platform/audit.ts (`writeAudited`, `writeUnaudited`), so a write that bypasses
 * them does not compile.
 */
export type Executor = Omit<Db, 'insert' | 'update' | 'delete' | 'transaction'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /**
   * Starts what PostgreSQL's autovacuum does, where the database has none (PGlite); a no-op on a
   * PostgreSQL server. The server calls it once it listens; `close` stops it.
   */
  startMaintenance(log?: (message: string, err?: unknown) => void): void;
  /** The connections in use now (the metrics): node-postgres' pool, or PGlite's one connection and its queue. */
  poolUse(): PoolUse;
  /** PGlite only: its data directory as a gzipped tarball, written after a checkpoint (`npm run backup`). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Queries or transactions waiting for a connection. */
  waiting: number;
  max: number;
}

export class DataDirLockedError extends Error {}

/** How many distinct statement texts a process prepares: each is kept on every connection it ran on. */
const MAX_PREPARED = 500;
const preparedNames = new Map<string, string>();

/**
 * A connection that prepares what the API asks most (node-postgres keeps a named statement per
 * connection): the text of a query is parsed and planned once, then only bound and run. A list's
 * query, with its JSON built for 47 fields, took longer to plan than to run. The first `MAX_PREPARED`
 * texts are named; any text after them (rare shapes) runs unnamed as before.
 */
class PreparingClient extends pg.Client {
  /**
   * Connects, then sets the planner's cost of a random read (`RANDOM_PAGE_COST`) before the pool hands
   * the connection out: a statement, not a startup option, which a pooler in front (PgBouncer) refuses.
   */
  // biome-ignore lint/suspicious/noExplicitAny: connect is a promise and a callback API; the pool passes a callback.
  override connect(callback?: any): any {
    const ready = super
      .connect()
      .then(() => super.query(`set random_page_cost = ${RANDOM_PAGE_COST}`))
      .then(() => undefined);
    if (!callback) return ready;
    ready.then(
      () => callback(null),
      (err: unknown) => callback(err),
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has a dozen overloads; this only adds a name.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'object' && config !== null && typeof config.text === 'string' && !config.name) {
      // drizzle passes the values beside the config.
      if (Array.isArray(values)) {
        const paged = inlinePage(config.text, values);
        config = { ...config, text: paged.text };
        values = paged.params;
      }
      let name = preparedNames.get(config.text);
      if (!name && preparedNames.size < MAX_PREPARED && PREPARABLE.test(config.text)) {
        name = `portal_${preparedNames.size + 1}`;
        preparedNames.set(config.text, name);
      }
      if (name) return super.query({ ...config, name }, values, callback);
    }
    return super.query(config, values, callback);
  }
}
/**
 * A first page's LIMIT (and an OFFSET of 0) written into the text as numbers, when they are the
 * statement's trailing clause and its last parameters (as drizzle writes `.limit(n).offset(m)`). Given as
 * parameters, the planner cannot cost a prepared statement's generic plan (it assumes a tenth of the
 * rows), finds it dearer than a plan for the values, and plans the list anew on every request: a users
 * list spent as long planning as running. As numbers, a list's first page (most of its reads) is one
 * statement whose generic plan is kept. Later pages keep their parameters: each offset as text would be
 * a statement of its own, and paging would fill the prepared statements' names.
 */
export function inlinePage(text: string, params: unknown[]): { text: string; params: unknown[] } {
  const m = /\slimit \$(\d+)(?: offset \$(\d+))?\s*$/i.exec(text);
  if (!m) return { text, params };
  const limit = Number(m[1]);
  const offset = m[2] === undefined ? undefined : Number(m[2]);
  if ((offset ?? limit) !== params.length || (offset !== undefined && offset !== limit + 1)) return { text, params };
  const [count, skip = 0] = params.slice(limit - 1);
  // Only whole numbers go into the text: anything else stays a parameter.
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0 || skip !== 0) return { text, params };
  return { text: `${text.slice(0, m.index)} limit ${count}`, params: params.slice(0, limit - 1) };
}

/** Only data statements: no transaction control or DDL (the migrations). */
const PREPARABLE = /^\s*(\(?\s*select|insert|update|delete|with)\b/i;

/**
 * The cost the planner gives a random page read, on every connection of both databases: the portal's
 * tables are read from memory, the file cache or an SSD, where a random read costs about what a
 * sequential one does. At PostgreSQL's default (4, for spinning disks) the planner read whole tables
 * (12,000 profiles, 4,000 directory entries) rather than look up a page's 50 rows by key: 2.6 ms against
 * 0.4. Set on each connection, it also overrides a server's own configuration, so that both databases
 * plan the portal's queries alike.
 */
const RANDOM_PAGE_COST = 1.1;

/** The setting of a bulk load's connections (`bulkLoad`). */
const BULK_LOAD = 'session_replication_role=replica';

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** PostgreSQL: the most connections the pool opens (10 unless set). */
  poolMax?: number;
  /** PostgreSQL: the longest a statement may run (the server's requests); none by default (the CLI's work). */
  statementTimeoutMs?: number;
  /** A pooled connection lost (the server stopped or restarted): told, never thrown. */
  onIdleError?: (err: Error) => void;
  /** PGlite only: a data directory tarball (`dumpDataDir`) to start from, into an empty directory (`npm run restore`). */
  loadDataDir?: Blob;
  /**
   * A bulk load (the benchmark's seed, into a database made for it): every connection runs with the
   * triggers off (`session_replication_role = replica`), as `pg_restore --disable-triggers` loads. They
   * check each row's foreign keys, move the tables' versions (a deferred trigger per written row) and
   * guard the audit trail against updates: the seed's rows reference rows it wrote itself, nothing has
   * kept an answer under the versions yet, and it never updates an event. Needs a superuser (the
   * benchmark's embedded cluster; PGlite).
   */
  bulkLoad?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const max = opts.poolMax ?? 10;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max,
      Client: PreparingClient,
      // A database that is down or overloaded makes a request fail (503) rather than hang: a connection
      // (or a free one of the pool) within 5 s, and the server's statements within `statementTimeoutMs`.
      connectionTimeoutMillis: 5_000,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      keepAlive: true,
      ...(opts.bulkLoad ? { options: `-c ${BULK_LOAD}` } : {}),
    });
    // A connection lost (the server stopped or restarted) must not crash the process: an idle one is the
    // pool's 'error'; one checked out between two statements (a transaction awaiting its own work) emits
    // it on the client, where nobody listens. Its next statement fails (the request answers 503), the
    // pool drops it, and the next query connects anew.
    pool.on('error', (err) => opts.onIdleError?.(err));
    pool.on('connect', (client) => client.on('error', (err) => opts.onIdleError?.(err)));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      startMaintenance: () => {},
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client: PGlite;
  // pg_trgm and btree_gin: the searches' trigram indexes (the migrations create the extensions).
  const options = { extensions: { pg_trgm, btree_gin }, loadDataDir: opts.loadDataDir };
  if (opts.memory) {
    client = new PGlite(options);
  } else {
    const dir = path.resolve(opts.dataDir ?? './data', 'pglite');
    mkdirSync(path.dirname(dir), { recursive: true });
    release = lockDataDir(path.dirname(dir));
    client = new PGlite(dir, options);
  }
  await client.waitReady;
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  if (opts.bulkLoad) await client.exec(`set ${BULK_LOAD}`);
  usePreparedStatements(client);
  const queue = countQueue(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let maintenance: PgliteMaintenance | undefined;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    startMaintenance: (log) => {
      maintenance ??= new PgliteMaintenance(client, log);
    },
    poolUse: () => {
      const busy = Math.min(1, queue.inFlight);
      return { total: 1, idle: 1 - busy, waiting: queue.inFlight - busy, max: 1 };
    },
    dumpDataDir: async () => {
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
    close: async () => {
      await maintenance?.stop();
      if (!client.closed) await client.close();
      release();
    },
  };
}

/**
 * PGlite runs one statement or transaction at a time on its one connection; the others wait on its lock.
 * Counting the calls under way (each query, exec or transaction, as a pool counts checkouts) gives the
 * metrics that queue: one runs, the rest wait.
 */
function countQueue(client: PGlite) {
  const queue = { inFlight: 0 };
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      queue.inFlight++;
      try {
        return await fn(...args);
      } finally {
        queue.inFlight--;
      }
    };
  client.query = counted(client.query.bind(client)) as PGlite['query'];
  client.exec = counted(client.exec.bind(client)) as PGlite['exec'];
  client.transaction = counted(client.transaction.bind(client)) as PGlite['transaction'];
  return queue;
}

/**
 * PGlite's `query` parses and plans every statement anew (the unnamed statement), and planning is slow
 * in WebAssembly: the session check of each request (a three-table join) took 3.1 ms, of which 2.5 ms
 * planning. As node-postgres does with a statement name, each SELECT/INSERT/UPDATE/DELETE text is now
 * parsed once into a named prepared statement on PGlite's one connection, then only bound and executed
 * (0.55 ms), inside transactions too (prepared statements outlive a rollback). The same locks, parsers,
 * serializers and file-system sync as PGlite's own path; at most `max` statements are kept (the least
 * recently used is closed); a statement that fails is closed and parsed anew next time. Other statements
 * (DDL, VACUUM, transaction control) keep PGlite's path.
 */
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

export function usePreparedStatements(client: PGlite, max = 200) {
  const statements = new Map<string, { name: string; paramTypes: number[]; rowDescription?: BackendMessage }>();
  let seq = 0;
  const run = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  const { serialize } = protocol;
  const preparable = (text: string, options?: QueryOptions) =>
    !options?.blob && !options?.paramTypes && /^\s*(select|insert|update|delete|with)\b/i.test(text);

  /** Runs under PGlite's query lock (and, outside a transaction, its transaction lock). */
  async function prepared<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const messages: BackendMessage[] = [];
    let failed: string | undefined;
    try {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text); // re-inserted below: the map's order is least recently used first
      } else {
        if (statements.size >= max) {
          const [oldestText, oldest] = statements.entries().next().value as [string, { name: string }];
          statements.delete(oldestText);
          await run(serialize.close({ type: 'S', name: oldest.name }));
        }
        const name = `pglite_s${++seq}`;
        await run(serialize.parse({ name, text }));
        const described = await run(serialize.describe({ type: 'S', name }));
        statement = {
          name,
          paramTypes: parse.parseDescribeStatementResults(described),
          rowDescription: described.find((m) => m.name === 'rowDescription'),
        };
      }
      statements.set(text, statement);
      failed = statement.name; // until it executes: a statement that fails is closed, then parsed anew
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[types[i]] ?? client.serializers[types[i]];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(...(await run(serialize.bind({ statement: statement.name, values }))));
      if (statement.rowDescription) messages.push(statement.rowDescription);
      messages.push(...(await run(serialize.execute({}))));
      failed = undefined;
    } finally {
      messages.push(...(await run(serialize.sync())));
      if (failed) {
        // A failed statement may be stale (a table changed under it): close it, the next call parses anew.
        statements.delete(text);
        await run(serialize.close({ type: 'S', name: failed }))
          .then(() => run(serialize.sync()))
          .catch(() => {});
      }
    }
    return parse.parseResults(
      messages,
      parsersFor(options),
      options && { ...options, parsers: undefined },
    )[0] as Results<T>;
  }

  // Given a query's own parsers, PGlite spreads them over its defaults (a few hundred types) on every
  // call: a tenth of a short request's CPU. Drizzle passes a new parsers object with each query it builds
  // (a handful of types), so they are laid over the defaults as an object whose prototype is the
  // defaults: the lookup of a type falls through to them, and nothing is copied.
  function parsersFor(options?: QueryOptions): typeof client.parsers {
    if (!options?.parsers) return client.parsers;
    return Object.assign(Object.create(client.parsers), options.parsers);
  }

  const query = client.query.bind(client);
  client.query = <T>(sqlText: string, sqlParams: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!preparable(sqlText, options)) return query<T>(sqlText, sqlParams, options);
    const { text, params } = inlinePage(sqlText, sqlParams);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let result: Results<T>;
        try {
          result = await prepared<T>(text, params, options);
        } catch (err) {
          // "cached plan must not change result type": a table changed since it was parsed; it is closed now.
          if ((err as { code?: string }).code !== '0A000') throw err;
          result = await prepared<T>(text, params, options);
        }
        await client.syncToFs(); // as PGlite does after a statement outside a transaction
        return result;
      }),
    );
  };

  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = <R>(sqlText: string, sqlParams: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (tx.closed) throw new Error('Transaction is closed');
        if (!preparable(sqlText, options)) return txQuery<R>(sqlText, sqlParams, options);
        const { text, params } = inlinePage(sqlText, sqlParams);
        return client._runExclusiveQuery(() => prepared<R>(text, params, options));
      };
      return callback(tx);
    });
}

/**
 * PGlite runs PostgreSQL in one process with no background workers: no autovacuum, and its activity
 * counters (pg_stat_user_tables) stay at zero. Without statistics the planner guesses: a page of the
 * users list (10,000 rows) was planned as if `deleted_at is null` kept 17 rows, joining every user
 * before sorting (330 ms instead of 1 ms). Without VACUUM, dead rows are never reclaimed and
 * index-only scans never apply. So, at start and every few minutes, each table that was never
 * analysed or whose size moved by more than a tenth since its last VACUUM/ANALYZE (pg_class.relpages,
 * which survives restarts) gets `VACUUM (ANALYZE)`, one table at a time so requests interleave.
 */
export class PgliteMaintenance {
  static readonly intervalMs = 5 * 60 * 1000;
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly client: PGlite,
    private readonly log: (message: string, err?: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.run(), PgliteMaintenance.intervalMs);
    this.timer.unref();
    void this.run();
  }

  /**
   * The tables due: never analysed (no column statistics), or grown or shrunk by 10% (and 8 pages) since.
   * The statistics are read from pg_statistic itself (PGlite's one user is a superuser): the pg_stats
   * view checks the reader's rights on every column, and the check held the one connection, so every
   * request, for 60-360 ms on the bench's data against 26-36 ms.
   */
  async dueTables(): Promise<string[]> {
    const { rows } = await this.client.query<{ name: string }>(`
      select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and (c.reltuples < 0
          or (c.reltuples > 0 and not exists (select from pg_statistic s where s.starelid = c.oid))
          or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 8 + c.relpages / 10)
      order by c.relname`);
    return rows.map((r) => r.name);
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        for (const table of await this.dueTables()) {
          if (this.stopped || this.client.closed) break;
          await this.client.exec(`vacuum (analyze) ${table}`);
        }
      } catch (err) {
        if (!this.stopped) this.log('database maintenance (vacuum, analyze) failed', err);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}

/**
 * PGlite is one process's database: a second process opening the same files would corrupt them. A lock
 * file with the owner's pid keeps a second server out; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another process (pid ${pid}). Stop that server first, or set DATA_DIR to another folder, or use DATABASE_URL for several instances.`,
        );
      }
      if (existsSync(lockFile)) rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
