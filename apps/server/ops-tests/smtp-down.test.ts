import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL } from '../src/config.js';
import { mailOutbox } from '../src/db/schema/index.js';
import { MailWorker } from '../src/platform/mail.js';
import { createFirm, createUser } from '../src/testing/factories.js';
import { SmtpSink } from '../src/testing/smtp-sink.js';
import { buildTestApp, type TestApp } from '../src/testing/test-app.js';

/**
 * SMTP down for 5 minutes, in simulated time: the portal's clock (config.now) is moved a
 * second at a time and the outbox is worked at each step, by two workers (two instances) on the
 * production retry schedule. The SMTP server is a real one, stopped for the outage and started again on
 * its port. Mail is queued by people asking for password reset links throughout.
 */
const OUTAGE_S = 5 * 60;
const STEP_S = 1;

let t: TestApp;
const sink = new SmtpSink();
let clock = new Date();

beforeAll(async () => {
  await sink.listen();
  t = await buildTestApp({ smtpUrl: sink.url, now: () => clock, mail: MAIL });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

describe('SMTP down for 5 minutes', () => {
  it('delivers every mail queued during the outage once SMTP is back, none twice', async () => {
    const firm = await createFirm(t.deps.db);
    const people: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 40; i++) people.push(await createUser(t.deps.db, { profile: { firmId: firm.id } }));
    const otherInstance = new MailWorker(
      t.database.db,
      { smtpUrl: sink.url, from: 'Portal <no-reply@portal.test>', ...MAIL, now: () => clock },
      t.app.log,
    );
    const workers = [t.deps.mailer, otherInstance];
    const queuedAt = new Map<string, number>();
    const deliveredAt = new Map<string, number>();
    const askReset = async (email: string, at: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset/',
        payload: { email },
        remoteAddress: `10.0.0.${at % 250}`,
      });
      expect(res.statusCode).toBe(200);
      await t.deps.background.drain();
      queuedAt.set(email, at);
    };
    /** One second of the portal's life: the clock moves, both workers work the outbox as their poll would. */
    const tick = async (at: number) => {
      clock = new Date(clock.getTime() + STEP_S * 1000);
      await Promise.all(workers.map((w) => w.drain()));
      for (const mail of sink.mails) for (const to of mail.to) if (!deliveredAt.has(to)) deliveredAt.set(to, at);
    };

    // Up: a mail leaves at once. (The simulated clock starts now: a mail is queued at the database's time.)
    clock = new Date();
    await askReset(people[0].email, 0);
    await tick(0);
    expect(deliveredAt.get(people[0].email)).toBe(0);

    // Down for 5 minutes: a person asks for a link every 8 seconds; nothing arrives.
    await sink.stop();
    let second = 1;
    for (; second <= OUTAGE_S; second += STEP_S) {
      const asking = people[1 + Math.floor(second / 8)];
      if (second % 8 === 0 && asking) await askReset(asking.email, second);
      await tick(second);
    }
    expect(sink.mails).toHaveLength(1);
    const queuedDuringOutage = [...queuedAt.keys()].filter((email) => email !== people[0].email);
    expect(queuedDuringOutage.length).toBeGreaterThanOrEqual(35);
    const waiting = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(waiting).toHaveLength(queuedDuringOutage.length);

    // Back on its port: every mail arrives within the retry schedule, and a new one at once.
    await sink.listen(sink.port);
    const backAt = second;
    const last = people[people.length - 1];
    await askReset(last.email, second);
    for (; deliveredAt.size < queuedAt.size && second <= backAt + 2 * OUTAGE_S; second += STEP_S) await tick(second);
    expect(deliveredAt.get(last.email)).toBe(backAt);
    expect([...queuedAt.keys()].filter((email) => !deliveredAt.has(email))).toEqual([]);
    // No mail is later than the outage was long (the backoff doubles: its last wait is under the outage).
    const latest = Math.max(...[...deliveredAt.values()]);
    expect(latest - backAt).toBeLessThanOrEqual(OUTAGE_S);

    // A few more minutes of polling: still exactly one mail per request, every row sent.
    for (let i = 0; i < 120; i++) await tick(++second);
    const received = sink.mails.flatMap((m) => m.to);
    expect(received.toSorted()).toEqual([...queuedAt.keys()].toSorted());
    const rows = await t.deps.db.select().from(mailOutbox);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    console.info(
      `SMTP back at ${backAt} s; last mail delivered ${latest - backAt} s later; ${received.length} mails, each once`,
    );
    await otherInstance.stop();
  });
});
