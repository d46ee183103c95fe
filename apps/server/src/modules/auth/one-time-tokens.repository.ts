import { createHash, randomBytes } from 'node:crypto';
import { MAX_ID } from '@portal/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oneTimeTokens } from '../../db/schema/index.js';

export type TokenPurpose = 'password_reset' | 'account_activation' | 'email_change';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Issues a fresh token (earlier unused ones of the same purpose stop working); only its hash is kept. */
export async function issueOneTimeToken(
  ex: Executor,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  emailChange?: { newEmail: string; requestedById: number },
): Promise<string> {
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
export async function consumeEmailChange(ex: Executor, userId: number, token: string) {
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
export async function cancelEmailChangeTokens(ex: Executor, userId: number) {
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
export async function consumeOneTimeToken(ex: Executor, userId: number, purpose: TokenPurpose, token: string) {
  const [row] = await ex
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(userId, purpose, token))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | undefined {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  const id = Number(text);
  return /^[1-9][0-9]{0,9}$/.test(text) && id <= MAX_ID ? id : undefined;
}

/** Every outstanding link of the account, of either purpose, stops working. */
export async function cancelOneTimeTokens(ex: Executor, userId: number) {
  await ex
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
