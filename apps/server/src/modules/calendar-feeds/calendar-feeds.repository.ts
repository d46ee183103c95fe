import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { calendarFeeds } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';

const f = calendarFeeds;

export async function findFeedOfUser(ex: Executor, userId: number) {
  const [row] = await ex.select().from(f).where(eq(f.userId, userId));
  return row;
}

/** Whose feed a token's hash opens, if any. */
export async function findFeedByHash(ex: Executor, tokenHash: string) {
  const [row] = await ex.select({ userId: f.userId }).from(f).where(eq(f.tokenHash, tokenHash));
  return row;
}

/** Makes or replaces the person's feed; a first one made by two requests at once keeps the first. */
export async function saveFeed(ex: AuditedTx, userId: number, nonce: string, tokenHash: string, replace: boolean) {
  const insert = ex.insert(f).values({ userId, nonce, tokenHash });
  const [row] = replace
    ? await insert
        .onConflictDoUpdate({ target: f.userId, set: { nonce, tokenHash, createdAt: new Date() } })
        .returning()
    : await insert.onConflictDoNothing({ target: f.userId }).returning();
  return row;
}

/** Removes the person's feed, if they had one: whether one was removed. */
export async function deleteFeedOfUser(ex: AuditedTx, userId: number) {
  const rows = await ex.delete(f).where(eq(f.userId, userId)).returning({ userId: f.userId });
  return rows.length > 0;
}
