import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  attestationPeriodOn,
  calendarDateIn,
  messages,
  ProfileType,
  previousPeriod,
  scheduledRemindersDue,
} from '@portal/domain';
import type { Challenge } from 'altcha-lib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL } from '../src/config.js';
import { firms } from '../src/db/schema/index.js';
import { solve } from '../src/testing/captcha.js';
import { addToRoster, createFirm, createUser, TEST_PASSWORD } from '../src/testing/factories.js';
import { SmtpSink } from '../src/testing/smtp-sink.js';
import { PROOF_SECRETS, withDatabase } from './support/portal-data.js';
import {
  freePort,
  type PortalProcess,
  type PostgresServer,
  repoRoot,
  scratchDir,
  startPortal,
  startPostgres,
} from './support/portal-process.js';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy.js';

/**
 * Two instances on one PostgreSQL behind a round-robin proxy behave as one: they start at
 * the same moment on a fresh database (the migrations run once), the sign-in throttling counts across
 * both, the reminder job runs once, and the outbox sends each mail once.
 */
const ZONE = 'America/New_York';
let dir: string;
let postgres: PostgresServer;
let ports: number[];
let portals: PortalProcess[] = [];
let proxy: RoundRobinProxy;
const sink = new SmtpSink();

const envFor = (reminderHour: number) => ({
  ...PROOF_SECRETS,
  DATABASE_URL: postgres.url,
  SMTP_URL: sink.url,
  TRUST_PROXY: 'true',
  ATTESTATION_REMINDER_HOUR: String(reminderHour),
  // A captcha solved in milliseconds: the proof is about counting, not work.
  CAPTCHA_COST: '1',
  CAPTCHA_COUNTER: '2',
});

/** Both instances at the same moment, on one database and one data folder (files, keys). */
async function startBoth(reminderHour: number) {
  portals = await Promise.all(
    ports.map((port) => startPortal({ dataDir: path.join(dir, 'data'), port, env: envFor(reminderHour) })),
  );
}
const stopBoth = () => Promise.all(portals.map((p) => p.stop()));

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A request through the proxy, from the client address `from`. */
async function via(url: string, from: string, body?: object) {
  const res = await fetch(`${proxy.url}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, json, upstream: Number(res.headers.get('x-upstream')) };
}

const signIn = (email: string, password: string, from: string, captcha?: string) =>
  via('/api/auth/login/', from, { email, password, ...(captcha ? { captcha } : {}) });

async function captchaFor(email: string, from: string) {
  const res = await via(`/api/captcha/challenge/?email=${encodeURIComponent(email)}`, from);
  expect(res.status).toBe(200);
  return solve(res.json as unknown as Challenge);
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  dir = scratchDir('two');
  postgres = await startPostgres();
  await sink.listen();
  ports = [await freePort(), await freePort()];
});

afterAll(async () => {
  await proxy?.close();
  await stopBoth();
  await sink.stop();
  await postgres?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('two instances on one PostgreSQL behind a round-robin proxy', () => {
  it('start at the same moment on a fresh database: each migration applied once', async () => {
    await startBoth(3);
    proxy = await startRoundRobinProxy(portals.map((p) => p.url));
    const journal = JSON.parse(
      readFileSync(path.join(repoRoot, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const applied = await query<{ tag: string }>('select tag from schema_migrations order by tag');
    expect(applied.map((r) => r.tag)).toEqual(journal.entries.map((e) => e.tag).toSorted());
    const health = await Promise.all([via('/api/health', '198.51.100.1'), via('/api/health', '198.51.100.1')]);
    expect(health.map((h) => [h.status, h.upstream]).toSorted()).toEqual([
      [200, 0],
      [200, 1],
    ]);
    for (const p of portals) expect(p.stderr()).not.toMatch(/error/i);
  });

  it("counts failed sign-ins across both: the captcha after 3, an address's flood refused at 50", async () => {
    const { firm, email } = await withDatabase({ databaseUrl: postgres.url }, async (db) => {
      const f = await createFirm(db, { name: 'Two Instance Advisers' });
      const user = await createUser(db, { profile: { firmId: f.id } });
      return { firm: f, email: user.email };
    });
    expect(firm.id).toBeGreaterThan(0);

    // Three wrong passwords, answered in turn by both instances: the fourth try, on the instance that
    // saw only one of them, asks for the captcha even with the right password.
    const wrong = [];
    for (let i = 0; i < 3; i++) wrong.push(await signIn(email, 'not the password', '203.0.113.5'));
    expect(wrong.map((w) => w.status)).toEqual([400, 400, 400]);
    expect(new Set(wrong.map((w) => w.upstream))).toEqual(new Set([0, 1]));
    expect(wrong[2].json.captcha_required).toBe(true);
    const refused = await signIn(email, TEST_PASSWORD, '203.0.113.6');
    expect([refused.status, refused.json.captcha_required]).toEqual([400, true]);
    const solved = await captchaFor(email, '203.0.113.6');
    const passed = await signIn(email, TEST_PASSWORD, '203.0.113.6', solved);
    expect(passed.status).toBe(200);

    // One address guessing at many accounts: 50 failures between the two instances, then 429.
    const flood = '192.0.2.77';
    const failedOn = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const guess = `nobody${i}@example.test`;
      // Every other round the challenge and the sign-in swap instances.
      if (i % 2) await via('/api/health', flood);
      const captcha = i >= 3 ? await captchaFor(guess, flood) : undefined;
      const res = await signIn(guess, 'guess', flood, captcha);
      // A failure counted (the password's answer), never the captcha's refusal.
      expect([i, res.status, res.json.detail]).toEqual([i, 400, messages.auth.loginFailed]);
      failedOn.add(res.upstream);
    }
    expect(failedOn).toEqual(new Set([0, 1]));
    const floodRefused = await Promise.all([
      signIn('x@example.test', 'guess', flood),
      signIn('y@example.test', 'guess', flood),
    ]);
    expect(floodRefused.map((r) => r.status)).toEqual([429, 429]);
  });

  it('sends each mail of the outbox once, whichever instance queued it', async () => {
    const emails = await withDatabase({ databaseUrl: postgres.url }, async (db) => {
      const f = await createFirm(db);
      const out: string[] = [];
      for (let i = 0; i < 30; i++) out.push((await createUser(db, { profile: { firmId: f.id } })).email);
      return out;
    });
    const asked = await Promise.all(
      emails.map((email, i) => via('/api/auth/password/reset/', `198.51.100.${10 + i}`, { email })),
    );
    expect(asked.map((a) => a.status)).toEqual(emails.map(() => 200));
    expect(new Set(asked.map((a) => a.upstream))).toEqual(new Set([0, 1]));
    await until(async () => emails.every((e) => sink.mails.some((m) => m.to.includes(e))), 20_000, 'the reset mails');
    // Each worker polls at least once more (every MAIL.pollMs): still one mail each.
    await new Promise((r) => setTimeout(r, MAIL.pollMs + 500));
    for (const email of emails) expect(sink.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('runs the reminder job once when both instances run it at the same moment', async () => {
    // Grace days that make today the opening reminder's window for the quarter being filed.
    const today = calendarDateIn(ZONE, new Date());
    const filing = attestationPeriodOn(today);
    const graceDays = Array.from({ length: 200 }, (_, g) => g).find(
      (g) =>
        scheduledRemindersDue(today, filing, g).join() === 'opening' &&
        scheduledRemindersDue(today, previousPeriod(filing), g).length === 0,
    );
    expect(graceDays).toBeDefined();
    const roster = await withDatabase({ databaseUrl: postgres.url }, async (db) => {
      const f = await createFirm(db, { name: 'Reminded Advisers' });
      await db.update(firms).set({ attestationGraceDays: graceDays }).where(eq(firms.id, f.id));
      const out: string[] = [];
      for (let i = 0; i < 20; i++) {
        const person = await createUser(db, { profile: { firmId: f.id, profileType: ProfileType.StandardUser } });
        await addToRoster(db, person.id);
        out.push(person.email);
      }
      return out;
    });
    const before = sink.mails.length;
    // Restarted together with another hour (15:00, not 03:00): both find its latest occurrence due at start.
    await stopBoth();
    await startBoth(15);
    await until(
      async () => roster.every((e) => sink.mails.slice(before).some((m) => m.to.includes(e))),
      20_000,
      'the reminders',
    );
    await new Promise((r) => setTimeout(r, MAIL.pollMs + 500));
    for (const email of roster) expect(sink.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    const runs = await query<{ run_key: string; status: string; attempts: number }>(
      `select run_key, status, attempts from job_runs where job = 'attestation-reminders' order by started_at`,
    );
    // One run per occurrence (the first start's and this one's), each claimed once and done.
    expect(runs.map((r) => [r.status, r.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
    const reminders = await query<{ n: number }>(
      `select count(*)::int as n from attestation_reminders where kind = 'opening'`,
    );
    expect(reminders[0].n).toBe(roster.length);
  });
});
