import type { Config } from '../../config.js';
import { ConfigError } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import { ACTIVATION_TTL_MS } from '../auth/auth.service.js';
import { encodeUid, issueOneTimeToken } from '../auth/one-time-tokens.repository.js';
import { findUserByEmail, insertUser } from '../users/users.repository.js';

/** The first super administrator: inactive until they open the printed activation link. */
export async function createSuperAdmin(db: Db, config: Config, email: string): Promise<string> {
  if (await findUserByEmail(db, email)) throw new ConfigError(`A user with the email ${email} already exists.`);
  return db.transaction(async (tx) => {
    const user = await insertUser(
      tx,
      { email, isActive: false, isAdmin: true },
      { profileType: 1, isSuperAdmin: true, isSuperCco: true, isCco: true },
    );
    await audit(
      tx,
      { actorId: null, requestId: 'create-admin' },
      { action: 'create', entity: 'user', entityId: user.id, changes: { email, is_super_admin: true } },
    );
    const token = await issueOneTimeToken(tx, user.id, 'account_activation', ACTIVATION_TTL_MS);
    return `${config.publicUrl}/account/activate/${encodeUid(user.id)}/${token}`;
  });
}
