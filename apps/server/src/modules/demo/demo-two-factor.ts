import { messages } from '@portal/domain';
import type { AuditedTx } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/context.js';
import { recoveryCodeHash, TOTP_SECRET_FIELD } from '../auth/auth.service.js';
import { replaceWithAuthenticator } from './demo.repository.js';

/**
 * The demo seed's account with an authenticator app already set up (its key and recovery codes are
 * in the README), so the two-step sign-in can be tried at once. Replaces whatever factors it had.
 */
export async function setUpDemoAuthenticator(
  deps: Pick<AppDeps, 'pii'>,
  tx: AuditedTx,
  userId: number,
  secret: string,
  recoveryCodes: string[],
) {
  await replaceWithAuthenticator(
    tx,
    { userId, label: messages.twoFactor.totpLabel, secret: deps.pii.encrypt(secret, TOTP_SECRET_FIELD) },
    recoveryCodes.map(recoveryCodeHash),
  );
}
