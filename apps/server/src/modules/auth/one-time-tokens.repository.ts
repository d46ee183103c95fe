import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oneTimeTokens, users } from '../../db/schema/index.js';
import type { AuditedTx, Writer } from '../../platform/audit.js';

export type TokenPurpose = 'password_reset' | 'account_activation' | 'email_change';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Issues a fresh token (earlier unused ones of the same purpose stop working); only its hash is kept. */
export async function issueOneTimeToken(
  ex: AuditedTx,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  emailChange?: { newEmail: string; requestedById: number },
): Promise<string> {
  // One issuer at a time per account: two racing requests cannot both leave a live link.
  await ex.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await ex
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await ex
    .insert(oneTimeTokens)
    .values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs), ...emailChange });
  return token;
}

/** The address change waiting for its link, if any: at most one, since a newer request uses up the older. */
export async function findPendingEmailChange(ex: Executor, userId: number) {
  const [row] = await ex
    .select({
      newEmail: oneTimeTokens.newEmail,
      requestedById: oneTimeTokens.requestedById,
      createdAt: oneTimeTokens.createdAt,
      expiresAt: oneTimeTokens.expiresAt,
    })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'email_change'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  return row?.newEmail ? { ...row, newEmail: row.newEmail } : undefined;
}

/** Uses up an email-change link and returns what it asked for, or undefined when it is not usable. */
export async function consumeEmailChange(ex: AuditedTx, userId: number, token: string) {
  const [row] = await ex
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(userId, 'email_change', token))
    .returning({ newEmail: oneTimeTokens.newEmail, requestedById: oneTimeTokens.requestedById });
  return row?.newEmail ? { newEmail: row.newEmail, requestedById: row.requestedById } : undefined;
}

/** What an unused email-change link asks for, without using it up (the password check comes first). */
export async function peekEmailChange(ex: Executor, userId: number, token: string) {
  const [row] = await ex
    .select({ newEmail: oneTimeTokens.newEmail, requestedById: oneTimeTokens.requestedById })
    .from(oneTimeTokens)
    .where(usable(userId, 'email_change', token));
  return row?.newEmail ? { newEmail: row.newEmail, requestedById: row.requestedById } : undefined;
}

/** A pending address change stops: its link no longer works. Returns whether one was pending. */
export async function cancelEmailChangeTokens(ex: AuditedTx, userId: number) {
  const rows = await ex
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'email_change'), isNull(oneTimeTokens.usedAt)),
    )
    .returning({ id: oneTimeTokens.id });
  return rows.length > 0;
}

const usable = (userId: number, purpose: TokenPurpose, token: string) =>
  and(
    eq(oneTimeTokens.tokenHash, sha256(token)),
    eq(oneTimeTokens.userId, userId),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, sql`now()`),
  );

export async function isUsableOneTimeToken(ex: Executor, userId: number, purpose: TokenPurpose, token: string) {
  const [row] = await ex
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(usable(userId, purpose, token));
  return Boolean(row);
}

/** Marks the token used and returns its user, or undefined when it is unknown, used, expired or someone else's. */
export async function consumeOneTimeToken(ex: AuditedTx, userId: number, purpose: TokenPurpose, token: string) {
  const [row] = await ex
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(userId, purpose, token))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/**
 * Every outstanding link of the account stops working. `keepOthersEmailChange` spares an address change
 * someone else asked for: its link asks for the account's password whatever that is, so a new password
 * takes nothing from it (a change the person asked for themself ends, as a hijacker's would).
 */
export async function cancelOneTimeTokens(
  ex: AuditedTx,
  userId: number,
  opts: { keepOthersEmailChange?: boolean } = {},
) {
  const spared = opts.keepOthersEmailChange
    ? sql`not (${oneTimeTokens.purpose} = 'email_change' and ${oneTimeTokens.requestedById} is distinct from ${userId})`
    : undefined;
  await ex
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt), spared));
}

/**
 * A wrong password typed on an email-change link: counted on the link, which is used up at `max`. Returns
 * whether the link still works.
 */
export async function countWrongPasswordOnLink(ex: Writer, userId: number, token: string, max: number) {
  const [row] = await ex
    .update(oneTimeTokens)
    .set({
      failedAttempts: sql`${oneTimeTokens.failedAttempts} + 1`,
      usedAt: sql`case when ${oneTimeTokens.failedAttempts} + 1 >= ${max} then now() else null end`,
    })
    .where(usable(userId, 'email_change', token))
    .returning({ usedAt: oneTimeTokens.usedAt });
  return row ? row.usedAt === null : false;
}

/** Email-change links issued within the window, for the account or to the address (mail to unproven addresses). */
export async function countRecentEmailChanges(ex: Executor, userId: number, newEmail: string, windowMs: number) {
  const since = sql`now() - ${`${Math.round(windowMs / 1000)} seconds`}::interval`;
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${oneTimeTokens.createdAt})` })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.purpose, 'email_change'),
        gt(oneTimeTokens.createdAt, since),
        or(eq(oneTimeTokens.userId, userId), sql`lower(${oneTimeTokens.newEmail}) = lower(${newEmail})`),
      ),
    );
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
