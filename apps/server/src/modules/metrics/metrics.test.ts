import { messages, ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { writeAudited, writeUnaudited } from '../../platform/audit.js';
import { enqueueMail, type MailWorker } from '../../platform/mail.js';
import { Metrics, UNMATCHED_ROUTE } from '../../platform/metrics.js';
import { buildTestApp, cookieSessionOf, json, signedInAs, type TestApp, testConfig } from '../../testing/test-app.js';
import { REMINDER_JOB } from '../reminders/reminders.service.js';

const TOKEN = 'operator-metrics-token-0123456789-abcdefghij';
const operator = { authorization: `Bearer ${TOKEN}` };

/** The value of one series of a Prometheus text page (labels in any order), or undefined when absent. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

let t: TestApp;
const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: operator });
  expect(res.statusCode).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await buildTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

describe('GET /api/metrics', () => {
  it("answers the operator's token in Prometheus' text format, and nobody else", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: operator });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'portal_http_requests_total',
      'portal_http_request_duration_seconds',
      'portal_mail_outbox_messages',
      'portal_job_lag_seconds',
      'portal_db_pool_connections',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(res.body, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));

    const refused = async (headers: Record<string, string>) => {
      const r = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(r.statusCode).toBe(401);
      expect(json(r)).toEqual({ detail: messages.metrics.operatorTokenRequired });
    };
    await refused({});
    await refused({ authorization: `Bearer ${TOKEN}x` });
    await refused({ authorization: `Bearer ${TOKEN.slice(0, -1)}` });
    await refused({ authorization: `JWT ${TOKEN}` });
    // A super administrator's own session, by its token and by its cookie, is not the operator's.
    const admin = await signedInAs(t, { profile: { profileType: ProfileType.Administrator, isSuperAdmin: true } });
    await refused(admin.headers);
    const { cookie } = await cookieSessionOf(t, admin.user.email);
    await refused({ cookie });
  });

  it('counts and times each request under its route pattern, method and status class, never its URL', async () => {
    const before = await scrape();
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/users/987654/' }); // signed out: 401
    await t.app.inject({ method: 'GET', url: '/api/no-such-route-4242?x=1' });
    const after = await scrape();

    const count = (page: string, labels: Record<string, string>) =>
      sample(page, 'portal_http_requests_total', labels) ?? 0;
    expect(count(after, health) - count(before, health)).toBe(3);
    const histogram = (suffix: string, page: string) =>
      sample(page, `portal_http_request_duration_seconds_${suffix}`, health) ?? 0;
    expect(histogram('count', after) - histogram('count', before)).toBe(3);
    expect(histogram('sum', after)).toBeGreaterThan(histogram('sum', before));
    expect(sample(after, 'portal_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      histogram('count', after),
    );
    expect(count(after, { method: 'GET', route: '/api/users/:id/', status_class: '4xx' })).toBe(1);
    expect(count(after, { method: 'GET', route: UNMATCHED_ROUTE, status_class: '4xx' })).toBe(1);
    expect(after).not.toContain('987654');
    expect(after).not.toContain('no-such-route');
  });

  it('shows the outbox depth: the mails not yet delivered, and the age of the oldest', async () => {
    const pending = async () => sample(await scrape(), 'portal_mail_outbox_messages', { status: 'pending' }) ?? 0;
    const before = await pending();
    // The mail worker is not running in tests: what is queued stays queued.
    for (let i = 0; i < 4; i++)
      await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
        enqueueMail(w, { to: `metrics${i}@example.com`, subject: 'Metrics', text: 'Outbox depth.' }),
      );
    const page = await scrape();
    expect(sample(page, 'portal_mail_outbox_messages', { status: 'pending' })).toBe(before + 4);
    expect(sample(page, 'portal_mail_outbox_messages', { status: 'failed' })).toBe(0);
    expect(sample(page, 'portal_mail_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(0);
    await t.deps.mailer.drain(); // without SMTP a mail is "delivered" to the log
    expect(await pending()).toBe(0);
    expect(sample(await scrape(), 'portal_mail_outbox_oldest_unsent_age_seconds')).toBe(0);
  });

  it("shows each job's lag: behind since its latest occurrence until that occurrence is run", async () => {
    const job = { job: REMINDER_JOB };
    const before = await scrape();
    // The reminders' latest 8:00 has passed and no instance ran it: it is behind by that long.
    expect(sample(before, 'portal_job_lag_seconds', job)).toBeGreaterThan(0);
    expect(sample(before, 'portal_job_last_success_timestamp_seconds', job)).toBeUndefined();
    expect(await t.deps.jobs.runDue(new Date())).toEqual([REMINDER_JOB]);
    const after = await scrape();
    expect(sample(after, 'portal_job_lag_seconds', job)).toBe(0);
    expect(sample(after, 'portal_job_last_run_delay_seconds', job)).toBeGreaterThan(0);
    expect(sample(after, 'portal_job_last_success_timestamp_seconds', job)).toBeCloseTo(Date.now() / 1000, -2);
  });

  it("shows the database pool's use", async () => {
    const page = await scrape();
    const database = { database: t.database.kind };
    const max = sample(page, 'portal_db_pool_max_connections', database) as number;
    const total = sample(page, 'portal_db_pool_connections', database) as number;
    const idle = sample(page, 'portal_db_pool_idle_connections', database) as number;
    expect(max).toBe(t.database.kind === 'pglite' ? 1 : 10);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(max);
    expect(idle).toBeLessThanOrEqual(total);
    expect(sample(page, 'portal_db_pool_waiting', database)).toBe(0);
    expect(sample(page, 'portal_db_up')).toBe(1);
  });

  it("shows how much the audit chain's lock serialises writes: writes, their wait for it, its hold", async () => {
    const before = await scrape();
    const count = (page: string, name: string) => sample(page, name) as number;
    // Five writes at once: each holds the chain from its events' insert to its commit, one at a time.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        writeAudited(t.deps.db, { actorId: null, requestId: `chain-${i}` }, async (tx, record) => {
          await tx.execute(sql`select pg_sleep(0.01)`);
          record({ action: 'seed', entity: 'user', entityId: i });
        }),
      ),
    );
    const after = await scrape();
    expect(count(after, 'portal_audit_chain_writes_total')).toBe(count(before, 'portal_audit_chain_writes_total') + 5);
    expect(count(after, 'portal_audit_chain_lock_held_seconds_total')).toBeGreaterThan(
      count(before, 'portal_audit_chain_lock_held_seconds_total'),
    );
    expect(count(after, 'portal_audit_chain_lock_wait_seconds_total')).toBeGreaterThanOrEqual(
      count(before, 'portal_audit_chain_lock_wait_seconds_total'),
    );
  });

  it('counts the queries waiting for a connection while they wait', async () => {
    // While a transaction holds a connection, more reads than the pool has left (PGlite has one) start:
    // the rest wait for one.
    let others: Promise<unknown>[] = [];
    let during: ReturnType<TestApp['database']['poolUse']> | undefined;
    await t.database.db.transaction(async (tx) => {
      others = Array.from({ length: 12 }, () =>
        Promise.resolve().then(() => t.deps.db.execute(sql`select pg_sleep(0.1)`)),
      );
      await tx.execute(sql`select pg_sleep(0.05)`);
      during = t.database.poolUse();
    });
    await Promise.all(others);
    expect(during?.waiting).toBeGreaterThan(0);
    expect(t.database.poolUse().waiting).toBe(0);
    expect(sample(await scrape(), 'portal_db_pool_waiting', { database: t.database.kind })).toBe(0);
  });

  it('does not exist without METRICS_TOKEN, whoever asks', async () => {
    // The same database, another app without the setting.
    const { app } = await buildApp(testConfig(), t.database);
    try {
      for (const headers of [{}, operator]) {
        const res = await app.inject({ method: 'GET', url: '/api/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(json(res)).toEqual({ detail: messages.http.notFound });
      }
    } finally {
      await app.close();
    }
  });
});

describe('the metrics with the database gone', () => {
  it('still answer, with portal_db_up 0 and without the figures read from the database, failing or hanging', async () => {
    for (const depth of [() => Promise.reject(new Error('connection refused')), () => new Promise<never>(() => {})]) {
      const metrics = new Metrics({
        database: t.database,
        mailer: { depth } as unknown as MailWorker,
        jobs: t.deps.jobs,
        now: () => new Date(),
        readTimeoutMs: 100,
      });
      const page = await metrics.text();
      expect(sample(page, 'portal_db_up')).toBe(0);
      expect(sample(page, 'portal_mail_outbox_messages', { status: 'pending' })).toBeUndefined();
      expect(sample(page, 'portal_job_lag_seconds', { job: REMINDER_JOB })).toBeUndefined();
      expect(sample(page, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    }
  });
});
