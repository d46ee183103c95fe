import { rmSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@portal/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../src/testing/smtp-sink.js';
import { PROOF_SECRETS, type SignedInPerson, staffWithSessions, withDatabase } from './support/portal-data.js';
import {
  type PortalProcess,
  type PostgresServer,
  scratchDir,
  startPortal,
  startPostgres,
} from './support/portal-process.js';

/** The outage: PostgreSQL stopped this long under traffic. */
const OUTAGE_MS = 30_000;
/** An answer slower than this is a hang for a person at a screen. */
const ANSWER_WITHIN_MS = 10_000;

interface Answer {
  path: string;
  status: number | 'no answer';
  ms: number;
  detail?: string;
}

let dir: string;
let postgres: PostgresServer;
let portal: PortalProcess;
let people: SignedInPerson[];
const sink = new SmtpSink();

beforeAll(async () => {
  dir = scratchDir('db-down');
  postgres = await startPostgres();
  ({ people } = await withDatabase({ databaseUrl: postgres.url }, (db) => staffWithSessions(db, 4)));
  await sink.listen();
  portal = await startPortal({
    dataDir: path.join(dir, 'data'),
    env: { ...PROOF_SECRETS, DATABASE_URL: postgres.url, SMTP_URL: sink.url },
  });
});

afterAll(async () => {
  await portal?.stop();
  await sink.stop();
  await postgres?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** Asks for a password reset link and waits until its mail is in the outbox (queued in the background). */
async function resetLinkQueued(email: string) {
  const res = await fetch(`${portal.url}/api/auth/password/reset/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBeLessThan(300);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client.query('select 1 from mail_outbox where to_address = $1', [email]);
    await client.end();
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no reset mail to ${email} queued`);
}

/** One request as a signed-in person's screen makes it, timed, with what it answered. */
async function ask(person: SignedInPerson, requestPath: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`${portal.url}${requestPath}`, {
      ...init,
      headers: { authorization: person.authorization, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS * 2),
    });
    const text = await res.text();
    let detail: string | undefined;
    try {
      detail = (JSON.parse(text) as { detail?: string; status?: string }).detail;
    } catch {}
    return { path: requestPath, status: res.status, ms: Date.now() - started, detail };
  } catch {
    return { path: requestPath, status: 'no answer', ms: Date.now() - started };
  }
}

const forMs = (ms: number) => {
  const end = Date.now() + ms;
  return () => Date.now() > end;
};

/** What a few people's screens ask, again and again, until `until` says stop: reads, a write, the health check. */
async function traffic(until: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  await Promise.all(
    people.map(async (person) => {
      while (!until()) {
        const asked = [
          ask(person, '/api/auth/user/'),
          ask(person, '/api/quarterly_attestations/?page_size=10'),
          ask(person, `/api/users/${person.userId}/`),
          ask(person, '/api/health'),
        ];
        answers.push(...(await Promise.all(asked)));
        await new Promise((r) => setTimeout(r, 100));
      }
    }),
  );
  return answers;
}

describe('PostgreSQL stopped for 30 seconds under traffic', () => {
  it('answers 503 with a message meanwhile, never hangs or crashes, and recovers by itself', async () => {
    const before = await traffic(forMs(1500));
    expect(before.filter((a) => a.status !== 200)).toEqual([]);

    // A mail queued just before the outage (committed: in the outbox), to be delivered once, whenever.
    await resetLinkQueued(people[1].email);

    await postgres.pause();
    const during = await traffic(forMs(OUTAGE_MS));
    await postgres.resume();
    const upSince = Date.now();

    expect(portal.child.exitCode, portal.stderr()).toBeNull();
    // Every request was answered, in time, with 503 and a sentence a person understands.
    const notUnavailable = during.filter((a) => a.status !== 503 || a.ms > ANSWER_WITHIN_MS);
    expect(notUnavailable).toEqual([]);
    const apiAnswers = during.filter((a) => a.path !== '/api/health');
    expect(new Set(apiAnswers.map((a) => a.detail))).toEqual(new Set([messages.http.unavailable]));
    expect(during.length).toBeGreaterThan(4 * 4 * 10);

    // Back by itself, no restart: within seconds every request succeeds again.
    let recovered = false;
    while (!recovered && Date.now() - upSince < 20_000) {
      const round = await Promise.all(people.map((p) => ask(p, '/api/auth/user/')));
      recovered = round.every((a) => a.status === 200);
      if (!recovered) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(true);
    const after = await traffic(forMs(1500));
    expect(after.filter((a) => a.status !== 200)).toEqual([]);
    expect(portal.child.exitCode).toBeNull();

    // The outbox kept going: the mail queued before the outage, and one queued after it, each arrive once.
    await resetLinkQueued(people[2].email);
    for (const person of [people[1], people[2]]) {
      await sink.waitFor(person.email, 20_000);
      expect(sink.mails.filter((m) => m.to.includes(person.email))).toHaveLength(1);
    }
    expect(portal.stderr()).not.toMatch(/unhandled|uncaught/i);
  });
});
