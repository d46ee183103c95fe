import { ProfileType } from '@portal/domain';
import type { Config } from '../../config.js';
import { ConfigError } from '../../config.js';
import type { Db } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import { accountByEmail, insertAccount } from '../accounts/accounts.service.js';
import { activationLink } from '../auth/auth.service.js';

/** The first super administrator: inactive until they open the printed activation link. */
export async function createSuperAdmin(db: Db, config: Config, email: string): Promise<string> {
  if (await accountByEmail(db, email)) throw new ConfigError(`A user with the email ${email} already exists.`);
  return writeAudited(db, { actorId: null, requestId: 'create-admin' }, async (tx, record) => {
    const user = await insertAccount(
      tx,
      { email, isActive: false, isAdmin: true },
      { profileType: ProfileType.Administrator, isSuperAdmin: true, isSuperCco: true, isCco: true },
    );
    record({ action: 'create', entity: 'user', entityId: user.id, changes: { email, is_super_admin: true } });
    return (await activationLink(config, tx, user.id)).link;
  });
}
