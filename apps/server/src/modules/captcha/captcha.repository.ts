import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { captchaUses } from '../../db/schema/index.js';
import type { Writer } from '../../platform/audit.js';

/**
 * Marks a challenge as used; false when it already was. One statement, so two requests racing with the
 * same solution cannot both pass.
 */
export async function useChallenge(ex: Writer, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await ex
    .insert(captchaUses)
    .values({ nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: captchaUses.nonce });
  return rows.length === 1;
}

export async function isChallengeUsed(ex: Executor, nonce: string): Promise<boolean> {
  const rows = await ex
    .select({ nonce: captchaUses.nonce })
    .from(captchaUses)
    .where(eq(captchaUses.nonce, nonce))
    .limit(1);
  return rows.length > 0;
}

/** A used challenge past its expiry can no longer be replayed anyway: trimmed now and then. */
export async function pruneUsedChallenges(ex: Writer) {
  await ex.delete(captchaUses).where(lt(captchaUses.expiresAt, sql`now()`));
}
