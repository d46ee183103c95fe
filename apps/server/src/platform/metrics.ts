import { constants, PerformanceObserver } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { type ChainLockUse, chainLockUse } from './audit-chain.js';
import type { JobRunner } from './jobs.js';
import type { MailWorker } from './mail.js';

/**
 * What an operator's Prometheus scrapes from `GET /api/metrics` (docs/metrics.md lists every name).
 * Two registries: the process's (heap, RSS, event-loop lag, GC: one per process, whatever the number of
 * apps a test process builds) and the app's (requests, outbox, jobs, database pool).
 */

let processRegistry: Registry | undefined;
const heapAfterGc = { bytes: Number.NaN };

/** The process's own figures, registered once per process. */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // The heap right after a full collection is the live data alone: the figure a leak makes grow. The
  // used heap between collections saws up and down with garbage and says little on its own.
  new Gauge({
    name: 'portal_nodejs_heap_used_after_gc_bytes',
    help: 'V8 heap in use right after the latest full (mark-sweep-compact) garbage collection.',
    registers: [registry],
    collect() {
      if (!Number.isNaN(heapAfterGc.bytes)) this.set(heapAfterGc.bytes);
    },
  });
  const observer = new PerformanceObserver((list) => {
    const full = (e: PerformanceEntry) =>
      (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
    if (list.getEntries().some(full)) heapAfterGc.bytes = process.memoryUsage().heapUsed;
  });
  observer.observe({ entryTypes: ['gc'] });
  processRegistry = registry;
  return registry;
}

/**
 * A full collection now, when the process was started with `--expose-gc` (the soak does, to compare
 * the live heap after warm-up with the end's); without the flag nothing happens. Returns whether it ran.
 */
export function collectGarbageIfExposed(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  heapAfterGc.bytes = process.memoryUsage().heapUsed;
  return true;
}

/** Responses by class, so the label's values stay five whatever the statuses. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** The label for a request no route matched: its raw URL would make one series per scanner probe. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface MetricsSources {
  database: Database;
  mailer: MailWorker;
  jobs: JobRunner;
  now: () => Date;
  /** A database that does not answer within this long is reported down rather than holding the scrape. */
  readTimeoutMs?: number;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly durations: Histogram<'method' | 'route' | 'status_class'>;
  private readonly dbUp: Gauge;
  private readonly outbox: Gauge<'status'>;
  private readonly outboxOldest: Gauge;
  private readonly jobLag: Gauge<'job'>;
  private readonly jobDelay: Gauge<'job'>;
  private readonly jobSuccess: Gauge<'job'>;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    const labelNames = ['method', 'route', 'status_class'] as const;
    this.requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status class.',
      labelNames,
      registers,
    });
    this.durations = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from a request received to its response sent, by route pattern, method and status class.',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.dbUp = new Gauge({
      name: 'portal_db_up',
      help: '1 when the database answered the metrics scrape, 0 when it did not (the figures read from it are then absent).',
      registers,
    });
    const { database } = sources;
    const pool = (name: string, help: string, read: (use: ReturnType<Database['poolUse']>) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['database'],
        registers,
        collect() {
          this.set({ database: database.kind }, read(database.poolUse()));
        },
      });
    pool('portal_db_pool_connections', 'Open database connections (PGlite: its one connection).', (u) => u.total);
    pool('portal_db_pool_idle_connections', 'Open connections not running a query or transaction.', (u) => u.idle);
    pool(
      'portal_db_pool_waiting',
      'Queries and transactions waiting for a connection (PGlite: queued behind the one that runs).',
      (u) => u.waiting,
    );
    pool('portal_db_pool_max_connections', 'The most connections the pool opens.', (u) => u.max);
    // The audit chain's lock serialises every write: its held seconds per second is the share of time
    // it was busy (near 1, writes queue behind it).
    const chain = (name: string, help: string, read: (use: ChainLockUse) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read(chainLockUse(database.db)));
        },
      });
    chain(
      'portal_audit_chain_writes_total',
      'Writes that appended to the audit chain (took its lock).',
      (u) => u.writes,
    );
    chain(
      'portal_audit_chain_lock_wait_seconds_total',
      "Time writes waited for the audit chain's lock.",
      (u) => u.waitSeconds,
    );
    chain(
      'portal_audit_chain_lock_held_seconds_total',
      "Time writes held the audit chain's lock, from taking it to their commit.",
      (u) => u.holdSeconds,
    );
    this.outbox = new Gauge({
      name: 'portal_mail_outbox_messages',
      help: 'Mails in the outbox not delivered: pending (waiting or retrying), sending (claimed), failed (given up).',
      labelNames: ['status'],
      registers,
    });
    this.outboxOldest = new Gauge({
      name: 'portal_mail_outbox_oldest_unsent_age_seconds',
      help: 'Age of the oldest mail still pending or sending (0 when the outbox is empty).',
      registers,
    });
    this.jobLag = new Gauge({
      name: 'portal_job_lag_seconds',
      help: "Seconds since a job's latest scheduled occurrence while that occurrence is not done (0 when done).",
      labelNames: ['job'],
      registers,
    });
    this.jobDelay = new Gauge({
      name: 'portal_job_last_run_delay_seconds',
      help: "How late a job's latest completed run started after its scheduled time.",
      labelNames: ['job'],
      registers,
    });
    this.jobSuccess = new Gauge({
      name: 'portal_job_last_success_timestamp_seconds',
      help: "When a job's latest completed run finished (Unix time).",
      labelNames: ['job'],
      registers,
    });
  }

  /** Counts and times every answered request under its route's pattern (never the raw URL). */
  register(app: FastifyInstance) {
    app.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_class: statusClass(reply.statusCode),
      };
      this.requests.inc(labels);
      this.durations.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The text format of every metric, read now. */
  async text(): Promise<string> {
    await this.readDatabase();
    const own = await this.registry.metrics();
    return `${await processMetrics().metrics()}\n${own}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** What lives in the database; a database that does not answer leaves these absent, not a failed scrape. */
  private async readDatabase() {
    this.outbox.reset();
    this.outboxOldest.reset();
    this.jobLag.reset();
    this.jobDelay.reset();
    this.jobSuccess.reset();
    try {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), this.sources.readTimeoutMs ?? 2000);
      });
      const [depth, lags] = await Promise.race([
        Promise.all([this.sources.mailer.depth(), this.sources.jobs.lag(this.sources.now())]),
        late,
      ]).finally(() => clearTimeout(timer));
      for (const status of ['pending', 'sending', 'failed'] as const) this.outbox.set({ status }, depth[status]);
      this.outboxOldest.set(depth.oldestUnsentSeconds);
      for (const lag of lags) {
        this.jobLag.set({ job: lag.job }, lag.lagSeconds);
        if (lag.lastRunDelaySeconds !== null) this.jobDelay.set({ job: lag.job }, lag.lastRunDelaySeconds);
        if (lag.lastSuccessAt) this.jobSuccess.set({ job: lag.job }, lag.lastSuccessAt.getTime() / 1000);
      }
      this.dbUp.set(1);
    } catch {
      this.dbUp.set(0);
    }
  }
}
