import { eq, inArray, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.js';
import { createUser } from '../testing/factories.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { writeUnaudited } from './audit.js';
import { enqueueMail, enqueueMails, MailWorker } from './mail.js';

let t: TestApp;
const sink = new SmtpSink();
beforeAll(async () => {
  await sink.listen();
  t = await buildTestApp({ smtpUrl: sink.url });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const worker = (url: string) =>
  new MailWorker(
    t.database.db,
    { smtpUrl: url, from: 'Portal <no-reply@portal.test>', pollMs: 50, retryBaseMs: 100, maxAttempts: 5 },
    t.app.log,
  );

/**
 * The database as the worker sees it when a connection is lost once: the first statement whose text
 * contains `text` is refused, every other one runs. `refusals` counts the refused.
 */
function refusingOnce(db: TestApp['database']['db'], text: string) {
  const dialect = new PgDialect();
  let refused = 0;
  const blinking = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return (query: Parameters<typeof db.execute>[0]) => {
        if (refused === 0 && dialect.sqlToQuery(query as SQL).sql.includes(text)) {
          refused++;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }
        return db.execute(query);
      };
    },
  });
  return { blinking, refusals: () => refused };
}

describe('the mail outbox', () => {
  it('delivers a queued mail over SMTP and marks it sent', async () => {
    await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
      enqueueMail(w, {
        to: 'first@example.test',
        subject: 'Hello',
        text: 'Body with a link http://portal.test/x',
      }),
    );
    const delivered = await worker(sink.url).drain();
    expect(delivered).toBe(1);
    const mail = await sink.waitFor('first@example.test');
    expect(mail.text).toContain('http://portal.test/x');
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'first@example.test'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('never queues a subject with a line break: it would be a header of its own', async () => {
    await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
      enqueueMail(w, {
        to: 'header@example.test',
        subject: 'About acct\r\nBcc: x@example.test',
        text: 'Hi',
      }),
    );
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'header@example.test'));
    expect(row.subject).toBe('About acct Bcc: x@example.test');
  });

  it('keeps a mail queued while SMTP is down and delivers it exactly once when it is back', async () => {
    const down = new SmtpSink();
    const port = await down.listen();
    await down.stop();
    await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
      enqueueMail(w, { to: 'patient@example.test', subject: 'Later', text: 'Delivered after the outage' }),
    );
    const a = worker(`smtp://127.0.0.1:${port}`);
    const b = worker(`smtp://127.0.0.1:${port}`);
    expect(await a.drain()).toBe(0);
    const [failed] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'patient@example.test'));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toBeTruthy();

    await down.listen(port);
    await new Promise((r) => setTimeout(r, 150));
    // Two instances race for the same due mail: the row lock lets only one send it.
    await Promise.all([a.drain(), b.drain()]);
    await new Promise((r) => setTimeout(r, 100));
    expect(down.mails.filter((m) => m.to.includes('patient@example.test'))).toHaveLength(1);
    const [sent] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'patient@example.test'));
    expect(sent.status).toBe('sent');
    await Promise.all([a.stop(), b.stop()]);
    await down.stop();
  });

  it('records a mail that left as sent when the database fails a moment: never sent again as a failure', async () => {
    await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
      enqueueMail(w, { to: 'once@example.test', subject: 'Once', text: 'Only one of me' }),
    );
    // The database refuses the first attempt to record the mail as sent (a connection lost just then).
    const db = t.database.db;
    const { blinking, refusals } = refusingOnce(db, "status = 'sent'");
    const w = new MailWorker(
      blinking,
      { smtpUrl: sink.url, from: 'Portal <no-reply@portal.test>', pollMs: 50, retryBaseMs: 100, maxAttempts: 5 },
      t.app.log,
    );
    expect(await w.drain()).toBe(1);
    expect(refusals()).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await w.drain()).toBe(0);
    expect(sink.mails.filter((m) => m.to.includes('once@example.test'))).toHaveLength(1);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'once@example.test'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('delivers a queue longer than one claim, each mail once, and records every one as sent', async () => {
    const to = Array.from({ length: 45 }, (_, i) => `batch-${i}@example.test`);
    await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
      enqueueMails(
        w,
        to.map((address) => ({ to: address, subject: 'Batch', text: 'One of many' })),
      ),
    );
    expect(await worker(sink.url).drain()).toBe(45);
    const got = sink.mails.flatMap((m) => m.to).filter((address) => address.startsWith('batch-'));
    expect(got.sort()).toEqual([...to].sort());
    const rows = await t.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, to));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.lockedUntil === null)).toBe(true);
  });

  it('puts back the claimed mails that could not start in time, untried, for the next run', async () => {
    const to = ['late-1@example.test', 'late-2@example.test', 'late-3@example.test'];
    await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
      enqueueMails(
        w,
        to.map((address) => ({ to: address, subject: 'Late', text: 'Behind a slow server' })),
      ),
    );
    // No time at all to send: each run sends the first mail of its claim and gives the others back.
    const slow = new MailWorker(
      t.database.db,
      {
        smtpUrl: sink.url,
        from: 'Portal <no-reply@portal.test>',
        pollMs: 50,
        retryBaseMs: 100,
        maxAttempts: 5,
        sendWindowMs: -1,
      },
      t.app.log,
    );
    expect(await slow.drain()).toBe(1);
    const statusOf = async () =>
      (await t.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, to)).orderBy(mailOutbox.id)).map(
        (r) => [r.status, r.attempts, r.lockedUntil],
      );
    expect(await statusOf()).toEqual([
      ['sent', 1, null],
      ['pending', 0, null],
      ['pending', 0, null],
    ]);
    expect(await slow.drain()).toBe(1);
    expect(await slow.drain()).toBe(1);
    expect(await statusOf()).toEqual(to.map(() => ['sent', 1, null]));
    expect(sink.mails.filter((m) => m.to.some((a) => to.includes(a)))).toHaveLength(3);
  });

  it('records each mail of a batch as it leaves: a database error mid-batch never sends one twice', async () => {
    const to = ['mid-1@example.test', 'not an address', 'mid-3@example.test'];
    await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
      enqueueMails(
        w,
        to.map((address) => ({ to: address, subject: 'Mid-batch', text: 'One of three' })),
      ),
    );
    // The database refuses the record of the failed delivery (a connection lost just then).
    const db = t.database.db;
    const { blinking } = refusingOnce(db, 'next_attempt_at =');
    const options = {
      smtpUrl: sink.url,
      from: 'Portal <no-reply@portal.test>',
      pollMs: 50,
      retryBaseMs: 100,
      maxAttempts: 5,
    };
    await expect(new MailWorker(blinking, options, t.app.log).drain()).rejects.toThrow('Connection terminated');
    // Past the lease, another run takes what the first one left claimed.
    const later = new MailWorker(db, { ...options, now: () => new Date(Date.now() + 3 * 60 * 1000) }, t.app.log);
    await later.drain();
    const received = sink.mails.flatMap((m) => m.to).filter((a) => a.startsWith('mid-'));
    expect(received.sort()).toEqual(['mid-1@example.test', 'mid-3@example.test']);
    const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, to)).orderBy(mailOutbox.id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'pending', 'sent']);
  });

  it('without SMTP_URL prints the mail and its links to the log and keeps it in the outbox', async () => {
    const lines: string[] = [];
    const log = {
      ...t.app.log,
      info: (obj: unknown, msg?: string) => lines.push(JSON.stringify(obj) + (msg ?? '')),
      warn: () => {},
      error: () => {},
    };
    const w = new MailWorker(
      t.database.db,
      { from: 'x@y.z', pollMs: 50, retryBaseMs: 100, maxAttempts: 5 },
      log as unknown as typeof t.app.log,
    );
    const user = await createUser(t.deps.db);
    await writeUnaudited(t.deps.db, 'mail outbox', (w) =>
      enqueueMail(w, {
        to: user.email,
        subject: 'Link',
        text: 'Open http://portal.test/account/activate/abc/def',
      }),
    );
    await w.drain();
    expect(lines.join('\n')).toContain('http://portal.test/account/activate/abc/def');
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(row.status).toBe('sent');
  });
});
