import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';

/** A run that failed this often (or whose instance died this often) waits for the next occurrence. */
const MAX_ATTEMPTS = 5;

/** A scheduled job: a module's work, run once per occurrence of its schedule across every instance. */
export interface Job {
  /** Unique; the key of its runs. */
  name: string;
  /** A cron pattern, read in the portal's time zone ('0 8 * * *': 8:00 each day in New York). */
  schedule: string;
  /**
   * The work. `now` is the configured clock's (tests inject it); `runKey` names the occurrence, for
   * the audit trail. A run must be safe to repeat: a run whose instance died is taken again. What it
   * returns is logged; `log` is for what it meets on the way (a part that failed while the rest went on).
   */
  run(now: Date, runKey: string, log: FastifyBaseLogger): Promise<unknown>;
}

export interface JobLag {
  job: string;
  /** Seconds since the latest occurrence while it is not done; 0 when done or never due. */
  lagSeconds: number;
  /** How late the latest done run started after its occurrence; null before any. */
  lastRunDelaySeconds: number | null;
  lastSuccessAt: Date | null;
}

export interface JobRunnerOptions {
  timeZone: string;
  now: () => Date;
  /** A running claim older than this is taken to have died with its instance. */
  leaseMs: number;
  /** How often each instance looks for a run still to do (a failed one, a dead instance's, a missed one). */
  sweepMs: number;
}

/**
 * Runs the scheduled jobs. Each occurrence of a job's schedule is a `job_runs` row; the instance
 * whose INSERT ... ON CONFLICT creates (or takes over) it runs the job, so N instances run it once.
 * Only the latest occurrence is run: a server that was down for days does not replay every one
 * (a job catches up on what its own rules still allow, see the attestation reminders). Croner fires
 * each job on time; a sweep every `sweepMs` retries a failed run and takes over a dead instance's.
 */
export class JobRunner {
  private readonly jobs: Job[] = [];
  private crons: Cron[] = [];
  private sweep: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly opts: JobRunnerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(job: Job) {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} registered twice`);
    // A bad pattern fails when the module registers, not at the first tick.
    new Cron(job.schedule, { timezone: this.opts.timeZone, paused: true });
    this.jobs.push(job);
  }

  /** Started by the server (never by tests, which call `runDue`), after it listens. */
  start() {
    const tick = () => void this.tick();
    this.crons = this.jobs.map(
      (job) => new Cron(job.schedule, { timezone: this.opts.timeZone, unref: true, protect: true }, tick),
    );
    this.sweep = setInterval(tick, this.opts.sweepMs);
    this.sweep.unref();
    tick();
  }

  async stop() {
    for (const cron of this.crons) cron.stop();
    this.crons = [];
    clearInterval(this.sweep);
    await this.running;
  }

  private async tick() {
    if (this.running) return;
    this.running = this.runDue(this.opts.now())
      .catch((err) => this.log.error({ err }, 'scheduled jobs run failed'))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
  }

  /** The latest occurrence of `job` at or before `now` (its run key), if it ever occurred. */
  occurrence(job: Job, now: Date): Date | undefined {
    const cron = new Cron(job.schedule, { timezone: this.opts.timeZone, paused: true });
    // previousRuns excludes the reference itself: an occurrence at exactly `now` is due.
    return cron.previousRuns(1, new Date(now.getTime() + 1))[0];
  }

  /** Runs every job whose latest occurrence no instance has run yet; returns the names of those run here. */
  async runDue(now: Date = this.opts.now()): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs) {
      const at = this.occurrence(job, now);
      if (!at) continue;
      const runKey = at.toISOString();
      const attempt = await this.claim(job.name, runKey);
      if (attempt === undefined) continue;
      // The final update is this claim's only: after a takeover (this instance was thought dead) the
      // row is the newer attempt's, whose status this one must not overwrite.
      const mine = sql`job = ${job.name} and run_key = ${runKey} and attempts = ${attempt} and status = 'running'`;
      const log = this.log.child({ job: job.name, runKey });
      let finished: unknown[];
      try {
        const result = await job.run(now, runKey, log);
        finished = rowsOf(
          await this.db.execute(sql`
            update job_runs set status = 'done', finished_at = now(), locked_until = null, last_error = null
            where ${mine} returning job`),
        );
        if (finished.length) ran.push(job.name);
        log.info({ result }, 'scheduled job done');
      } catch (err) {
        log.error({ err }, 'scheduled job failed');
        finished = rowsOf(
          await this.db.execute(sql`
            update job_runs set status = 'failed', finished_at = now(), locked_until = null,
              last_error = ${String((err as Error).message).slice(0, 500)}
            where ${mine} returning job`),
        );
      }
      if (!finished.length) log.warn({ attempt }, 'scheduled job finished after another instance took its run over');
    }
    return ran;
  }

  /**
   * For each job, how far behind it is at `now` (the metrics): the seconds since its latest occurrence
   * while no run of that occurrence is done, how late its latest done run started after its scheduled
   * time, and when that run finished.
   */
  async lag(now: Date): Promise<JobLag[]> {
    if (this.jobs.length === 0) return [];
    const names = this.jobs.map((j) => j.name);
    const rows = rowsOf<{ job: string; run_key: string; started_at: Date | string; finished_at: Date | string }>(
      await this.db.execute(sql`
        select distinct on (job) job, run_key, started_at, finished_at from job_runs
        where status = 'done' and job in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
        order by job, run_key desc`),
    );
    const lastDone = new Map(rows.map((r) => [r.job, r]));
    return this.jobs.map((job) => {
      const due = this.occurrence(job, now);
      const done = lastDone.get(job.name);
      const dueDone = due !== undefined && done !== undefined && new Date(done.run_key).getTime() >= due.getTime();
      return {
        job: job.name,
        lagSeconds: due && !dueDone ? Math.max(0, (now.getTime() - due.getTime()) / 1000) : 0,
        lastRunDelaySeconds: done
          ? Math.max(0, (new Date(done.started_at).getTime() - new Date(done.run_key).getTime()) / 1000)
          : null,
        lastSuccessAt: done ? new Date(done.finished_at) : null,
      };
    });
  }

  /**
   * One instance wins: the row's insert, or the takeover of a failed run or an expired lease (the
   * conflicting row is locked, so two takeovers cannot both succeed), up to MAX_ATTEMPTS. Returns the
   * attempt number won, which the run's final update must still find.
   */
  private async claim(job: string, runKey: string): Promise<number | undefined> {
    const lease = sql`now() + make_interval(secs => ${this.opts.leaseMs / 1000})`;
    const result = await this.db.execute(sql`
      insert into job_runs (job, run_key, status, locked_until) values (${job}, ${runKey}, 'running', ${lease})
      on conflict (job, run_key) do update
        set status = 'running', attempts = job_runs.attempts + 1, locked_until = excluded.locked_until,
          started_at = now(), finished_at = null
        where job_runs.attempts < ${MAX_ATTEMPTS}
          and (job_runs.status = 'failed' or (job_runs.status = 'running' and job_runs.locked_until < now()))
      returning attempts`);
    return rowsOf<{ attempts: number }>(result)[0]?.attempts;
  }
}
