import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import { mailOutbox } from '../db/schema/index.js';
import type { Writer } from './audit.js';
import { insertStatements } from './statements.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queued in the caller's transaction: a mail exists only if what caused it was committed. `secrets`
 * (a one-time link's token) are masked in the copy the outbox keeps once the mail has left.
 */
export async function enqueueMail(tx: Writer, mail: Mail, secrets: string[] = []) {
  await outboxInsert.run(tx, [outboxRow(mail, secrets)]);
}

/** Several mails without secrets (one to each person to tell), queued in one statement. */
export async function enqueueMails(tx: Writer, mails: readonly Mail[]) {
  await outboxInsert.run(
    tx,
    mails.map((mail) => outboxRow(mail, [])),
  );
}

const outboxInsert = insertStatements(mailOutbox);

function outboxRow(mail: Mail, secrets: string[]) {
  const mask = (body: string) => secrets.reduce((text, secret) => text.replaceAll(secret, '[redacted]'), body);
  return {
    toAddress: mail.to,
    // A subject is one header line: a line break in what it quotes (a record stored before one-line
    // fields refused them) is a space, never a header of its own.
    subject: mail.subject.replace(/[\r\n\u0085\u2028\u2029]+/g, ' '),
    textBody: mail.text,
    htmlBody: mail.html,
    redactedTextBody: secrets.length ? mask(mail.text) : null,
  };
}

/** Once a mail has left (or has been given up), the outbox keeps only its masked copy. */
const KEEP_REDACTED = sql`text_body = coalesce(redacted_text_body, text_body), redacted_text_body = null`;

interface OutboxRow {
  /** A bigint, read as text: one form on both databases. */
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

export interface OutboxDepth {
  pending: number;
  sending: number;
  /** Given up after maxAttempts. */
  failed: number;
  oldestUnsentSeconds: number;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** The portal's clock (config.now): when a mail is due and a claim expires. Tests move it. */
  now?: () => Date;
  /** How long after its claim a batch's mails may still start (half the lease unless a test says). */
  sendWindowMs?: number;
}

/** How long a claimed mail is this instance's to send; past it, another instance takes it over. */
const LEASE_MS = 2 * 60 * 1000;
/** Between two tries to record a sent mail while the database is away (within the lease). */
const RECORD_RETRY_MS = 2000;
/** The most mails one claim takes. */
const BATCH = 20;
/**
 * No send of a batch starts later than this after its claim, leaving the other half of the lease for
 * the send under way (its connection and greeting timeouts, and the socket's idle timeout) and its record.
 */
const SEND_WINDOW_MS = LEASE_MS / 2;

/**
 * Delivers the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so N instances do not
 * send one mail twice; a failure is retried with exponential backoff until maxAttempts. Mails are
 * claimed a batch at a time (one statement for up to 20, where one mail at a time took a claim each and
 * an empty one to end), and each is recorded as it leaves. No mail of a batch is started once half its
 * lease has gone: the rest go back to the queue, so that a slow SMTP server does not keep a claimed mail
 * past its lease for another instance to send again. Times are the portal's clock.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A mail was queued while a run was under way. */
  private kicked = false;
  private stopped = true;
  /** Shutting down: a sent mail's record is not waited for (it is sent again after the lease, not lost). */
  private stopping = false;
  private readonly transport;

  constructor(
    private readonly db: Db,
    private readonly opts: MailerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl, {
          connectionTimeout: 5000,
          greetingTimeout: 5000,
          socketTimeout: 10000,
        })
      : undefined;
  }

  start() {
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** Called after a commit that queued mail, so it leaves now rather than at the next poll. */
  kick() {
    if (this.stopped) return;
    // A run under way may have claimed its last batch before this mail was committed: it runs again.
    if (this.running) this.kicked = true;
    else this.schedule(0);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.kicked = false;
      this.running = this.drain()
        .then(() => undefined)
        .catch((err) => this.log.error({ err }, 'mail outbox run failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.kicked ? 0 : this.opts.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  private now() {
    return this.opts.now?.() ?? new Date();
  }

  private get sendWindowMs() {
    return this.opts.sendWindowMs ?? SEND_WINDOW_MS;
  }

  /** The outbox's mails not delivered, by status, and the age of the oldest still to send on the portal's clock (the metrics). */
  async depth(): Promise<OutboxDepth> {
    const rows = rowsOf<{ status: keyof OutboxDepth; n: number; oldest: number | string | null }>(
      await this.db.execute(sql`
        select status, count(*)::int as n, extract(epoch from ${this.now()}::timestamptz - min(created_at))::float8 as oldest
        from mail_outbox where status in ('pending', 'sending', 'failed') group by status`),
    );
    const depth: OutboxDepth = { pending: 0, sending: 0, failed: 0, oldestUnsentSeconds: 0 };
    for (const row of rows) {
      depth[row.status] = Number(row.n);
      if (row.status !== 'failed')
        depth.oldestUnsentSeconds = Math.max(depth.oldestUnsentSeconds, Math.max(0, Number(row.oldest ?? 0)));
    }
    return depth;
  }

  /** Sends every due mail; returns how many were delivered. */
  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimedAt = Date.now();
      const rows = await this.claim();
      for (const [i, row] of rows.entries()) {
        // The first mail always goes: a run makes progress however slow the server. Shutting down, the
        // rest go back at once rather than wait out the lease.
        if (i > 0 && (this.stopping || Date.now() - claimedAt > this.sendWindowMs)) {
          await this.giveBack(rows.slice(i));
          return delivered;
        }
        if (await this.deliver(row, claimedAt)) delivered++;
      }
      // A batch that was not full took every mail due when it was claimed (but those another instance
      // held): the next kick or poll finds any later one.
      if (rows.length < BATCH) return delivered;
    }
  }

  private async claim(): Promise<OutboxRow[]> {
    const now = this.now();
    const result = await this.db.execute(sql`
      update mail_outbox set status = 'sending', locked_until = ${new Date(now.getTime() + LEASE_MS)}
      where id in (
        select id from mail_outbox
        where (status = 'pending' and next_attempt_at <= greatest(now(), ${now}))
           or (status = 'sending' and locked_until < ${now})
        order by id limit ${BATCH} for update skip locked)
      returning id::text as id, to_address, subject, text_body, html_body, attempts`);
    return rowsOf<OutboxRow>(result).sort((a, b) => Number(a.id) - Number(b.id));
  }

  /**
   * Claimed mails not started: due again at once, for this instance or another. Should the database
   * refuse, they wait out their lease instead (never sent, so never sent twice).
   */
  private async giveBack(rows: readonly OutboxRow[]) {
    const ids = rows.map((r) => r.id);
    try {
      await this.db.execute(
        sql`update mail_outbox set status = 'pending', locked_until = null where id = any(${sql.param(ids)}::bigint[])`,
      );
    } catch (err) {
      this.log.warn(
        { mailIds: ids, err },
        'claimed mails could not be given back; they are due again after their lease',
      );
    }
  }

  /**
   * Sends one claimed mail and records the outcome. Each mail is recorded as sent as it leaves, not with
   * its batch: a crash or a database error then sends again at most the one mail whose record was lost.
   */
  private async deliver(row: OutboxRow, claimedAt: number): Promise<boolean> {
    try {
      await this.send(row);
    } catch (err) {
      await this.recordFailure(row, err);
      return false;
    }
    await this.recordSent(row, claimedAt);
    return true;
  }

  private async send(row: OutboxRow) {
    if (this.transport) {
      await this.transport.sendMail({
        from: this.opts.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
      });
      this.log.info({ mailId: row.id }, 'mail sent');
    } else {
      // Without SMTP the log is the mailbox: the developer reads the link here.
      this.log.info(
        { mailId: row.id, mail: { to: row.to_address, subject: row.subject, text: row.text_body } },
        'mail (SMTP_URL not set, not sent)',
      );
    }
  }

  /**
   * A mail that left is recorded as sent, whatever the database does meanwhile: a failure to record it
   * is not a failed delivery (which would send it again). While the lease holds, the record is tried
   * again; a database away for longer leaves the mail to be sent once more (at least once, never lost).
   */
  private async recordSent(row: OutboxRow, claimedAt: number) {
    // Within the lease taken at the claim (a slow send used part of it), never past it.
    const until = claimedAt + LEASE_MS - 2 * RECORD_RETRY_MS;
    for (;;) {
      try {
        await this.db.execute(
          sql`update mail_outbox set status = 'sent', sent_at = ${this.now()}, attempts = attempts + 1, locked_until = null, last_error = null, ${KEEP_REDACTED} where id = ${row.id}`,
        );
        return;
      } catch (err) {
        if (this.stopping || Date.now() > until) throw err;
        this.log.warn({ mailId: row.id, err }, 'a sent mail could not be recorded yet; trying again');
        await new Promise((r) => setTimeout(r, RECORD_RETRY_MS));
      }
    }
  }

  private async recordFailure(row: OutboxRow, err: unknown) {
    const attempts = row.attempts + 1;
    const delayMs = Math.min(this.opts.retryBaseMs * 2 ** (attempts - 1), 60 * 60 * 1000);
    const status = attempts >= this.opts.maxAttempts ? 'failed' : 'pending';
    this.log.warn({ mailId: row.id, attempts, err: (err as Error).message }, 'mail delivery failed');
    const keep = status === 'failed' ? sql`, ${KEEP_REDACTED}` : sql``;
    await this.db.execute(sql`
      update mail_outbox set status = ${status}, attempts = ${attempts}, locked_until = null${keep},
        last_error = ${String((err as Error).message).slice(0, 500)},
        next_attempt_at = ${new Date(this.now().getTime() + delayMs)}
      where id = ${row.id}`);
  }
}
