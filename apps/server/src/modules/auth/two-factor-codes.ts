import { createHash } from 'node:crypto';

/** Where a TOTP secret is encrypted: the column name binds the ciphertext to it (platform/pii.ts). */
export const TOTP_SECRET_FIELD = 'mfa_factors.secret';
/** A recovery code as typed (any case, spaces and dashes) to its stored hash. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
export const recoveryCodeHash = (code: string) =>
  createHash('sha256')
    .update(`recovery:${normalizeCode(code)}`)
    .digest('hex');
