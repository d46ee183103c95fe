import { createHash, randomBytes } from 'node:crypto';
import { MAX_ID } from '@portal/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oneTimeTokens } from '../../db/schema/index.js';

export type TokenPurpose = 'password_reset' | 'account_activation';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Issues a fresh token (earlier unused ones of the same purpose stop working); only its hash is kept. */
export async function issueOneTimeToken(
  ex: Executor,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
): Promise<string> {
  await ex
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await ex
    .insert(oneTimeTokens)
    .values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
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
