import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import type { PiiKeyring } from '../../platform/pii.js';
import { keyIdsOfTotpSecrets, setFactorSecret, totpSecretsNotUnderKey } from './two-factor.repository.js';
import { TOTP_SECRET_FIELD } from './two-factor-codes.js';

// The authenticator secrets under the PII keyring: which keys they are under, and moving them to the
// current one.

/** The ids of the keys the authenticator secrets are encrypted under (the start's key check). */
export const totpKeyIdsInUse = (ex: Executor) => keyIdsOfTotpSecrets(ex);

/**
 * `rotate-pii-key` for the authenticator secrets: each one not under the current key is re-encrypted
 * (a previous key must still be configured), in batches, each one transaction with its audit event.
 */
export async function rotateTotpSecrets(db: Executor, pii: PiiKeyring, batchSize = 500): Promise<number> {
  let rotated = 0;
  let afterId = 0;
  for (;;) {
    const rows = await totpSecretsNotUnderKey(db, pii.currentKeyId, afterId, batchSize);
    if (!rows.length) return rotated;
    await writeAudited(db, { actorId: null, requestId: null }, async (tx, record) => {
      for (const row of rows) {
        const plain = pii.decrypt(row.secret as string, TOTP_SECRET_FIELD);
        await setFactorSecret(tx, row.id, pii.encrypt(plain, TOTP_SECRET_FIELD));
      }
      record({
        action: 'rotate_pii_key',
        entity: 'mfa_factor',
        changes: { key_id: pii.currentKeyId, values: rows.length, ids: rows.map((r) => r.id) },
      });
    });
    rotated += rows.length;
    afterId = rows.at(-1)?.id ?? afterId;
  }
}
