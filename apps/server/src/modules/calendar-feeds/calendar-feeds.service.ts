import type { AuditedTx } from '../../platform/audit.js';
import { deleteFeedOfUser } from './calendar-feeds.repository.js';

/**
 * The stored half of a person's private calendar feed (its nonce and its token's hash): a credential,
 * since whoever holds the address reads the calendar without signing in. It is its own module, apart
 * from the calendar's, so that the sign-in and account modules can revoke it with the person's sessions
 * and links: the calendar reads people and rosters, which read accounts, so revoking through the
 * calendar's own service would make the account modules import themselves in a circle.
 */
export { findFeedByHash, findFeedOfUser, saveFeed } from './calendar-feeds.repository.js';

/**
 * Revokes the person's feed in the caller's transaction (a password changed or reset, an account
 * deactivated or deleted, sessions ended everywhere). The row is deleted, not marked, so no later
 * reactivation brings the old address back: the person gets a new one when they next open their feed
 * settings.
 */
export const revokeCalendarFeed = (tx: AuditedTx, userId: number) => deleteFeedOfUser(tx, userId);
