import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/migrate.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { type Job, JobRunner } from './jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const runner = () =>
  new JobRunner(
    t.database.db,
    { timeZone: 'America/New_York', now: () => new Date(), leaseMs: 60_000, sweepMs: 60_000 },
    t.app.log,
  );

/** A daily job at 6:00 New York time that records each day it was run for. */
function dailyJob(name: string, fail: () => boolean = () => false) {
  const runs: string[] = [];
  const job: Job = {
    name,
    schedule: '0 6 * * *',
    run: async (now) => {
      if (fail()) throw new Error('the job failed');
      runs.push(now.toISOString());
    },
  };
  return { job, runs };
}

describe('scheduled jobs', () => {
  it('run each occurrence once across instances, the latest one only after downtime', async () => {
    const { job, runs } = dailyJob('once');
    const [a, b] = [runner(), runner()];
    a.register(job);
    b.register(job);
    // 5:00 in New York on Oct 1 (EDT, UTC-4): the latest occurrence is Sep 30's.
    const five = new Date('2026-10-01T09:00:00Z');
    expect((await Promise.all([a.runDue(five), b.runDue(five)])).flat()).toEqual(['once']);
    expect(await b.runDue(new Date('2026-10-01T09:30:00Z'))).toEqual([]);
    // 6:00 exactly is Oct 1's occurrence; days missed in between are not replayed one by one.
    expect(await a.runDue(new Date('2026-10-01T10:00:00Z'))).toEqual(['once']);
    expect(await b.runDue(new Date('2026-10-05T12:00:00Z'))).toEqual(['once']);
    expect(runs).toHaveLength(3);
  });

  it('take again a failed run, and a run whose instance died once its lease is over', async () => {
    let failing = true;
    const { job, runs } = dailyJob('retried', () => failing);
    const a = runner();
    a.register(job);
    const now = new Date('2026-10-01T12:00:00Z');
    expect(await a.runDue(now)).toEqual([]);
    failing = false;
    expect(await a.runDue(now)).toEqual(['retried']);
    expect(await a.runDue(now)).toEqual([]);
    expect(runs).toHaveLength(1);

    // An instance claimed Oct 2's run and died: others wait for its lease, then take it.
    const key = '2026-10-02T10:00:00.000Z';
    await t.deps.db.execute(
      sql`insert into job_runs (job, run_key, status, locked_until) values ('retried', ${key}, 'running', now() + interval '1 minute')`,
    );
    const oct2 = new Date('2026-10-02T12:00:00Z');
    expect(await a.runDue(oct2)).toEqual([]);
    await t.deps.db.execute(sql`update job_runs set locked_until = now() - interval '1 second' where run_key = ${key}`);
    expect(await a.runDue(oct2)).toEqual(['retried']);
    const [row] = rowsOf<{ status: string; attempts: number }>(
      await t.deps.db.execute(sql`select status, attempts from job_runs where job = 'retried' and run_key = ${key}`),
    );
    expect(row).toEqual({ status: 'done', attempts: 2 });
  });

  it('let a run taken over from a slow instance keep its status when the slow one finally finishes', async () => {
    let release: (failure?: Error) => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let slow = true;
    const job: Job = {
      name: 'taken-over',
      schedule: '0 6 * * *',
      run: () => {
        if (!slow) return Promise.resolve();
        started();
        return new Promise<void>((resolve, reject) => {
          release = (failure) => (failure ? reject(failure) : resolve());
        });
      },
    };
    const [a, b] = [runner(), runner()];
    a.register(job);
    b.register(job);
    const now = new Date('2026-10-01T12:00:00Z');
    const first = a.runDue(now);
    await running;
    // A's lease runs out while its run still works: B takes the run over and finishes it.
    await t.deps.db.execute(
      sql`update job_runs set locked_until = now() - interval '1 second' where job = 'taken-over'`,
    );
    slow = false;
    expect(await b.runDue(now)).toEqual(['taken-over']);
    // A fails at last: the run stays B's, done, and A does not count it as run.
    release(new Error('too late'));
    expect(await first).toEqual([]);
    const [row] = rowsOf<{ status: string; attempts: number; last_error: string | null }>(
      await t.deps.db.execute(sql`select status, attempts, last_error from job_runs where job = 'taken-over'`),
    );
    expect(row).toEqual({ status: 'done', attempts: 2, last_error: null });
  });

  it('refuse a job registered twice or with a schedule that is not a cron pattern', () => {
    const r = runner();
    r.register(dailyJob('twice').job);
    expect(() => r.register(dailyJob('twice').job)).toThrow(/twice/);
    expect(() => r.register({ ...dailyJob('bad').job, schedule: 'every day' })).toThrow();
  });
});
