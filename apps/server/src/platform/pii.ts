import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { maskPii, type PiiKind } from '@portal/domain';

/**
 * Client PII at rest: AES-256-GCM, one text value per field, `v1.<key id>.<iv>.<tag>.<ciphertext>`
 * (base64url parts). The key id names the key that
 * encrypted it, so a new key can be put in place while the old ones still decrypt, and
 * `rotate-pii-key` re-encrypts what is not under the current one. The field's name is the GCM
 * additional data: a value copied into another column (a tax id as an SSN) is refused, not shown.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored value that cannot be decrypted: altered, cut, or under a key no longer configured. */
export class PiiDecryptError extends Error {}

/** First 8 hex of SHA-256 of the key as configured: names a key without revealing it. */
export const keyIdOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 8);

/** The AES key: 32 bytes derived from the configured text (any length >= 32 characters, any alphabet). */
const aesKeyOf = (key: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(key, 'utf8'), Buffer.alloc(0), 'portal pii aes-256-gcm v1', 32));

export interface PiiKeyring {
  /** The id of the key new values are encrypted under. */
  readonly currentKeyId: string;
  /** The ids of every configured key: the current one and the previous ones. */
  readonly keyIds: readonly string[];
  /** `field` binds the value to its column (e.g. 'client_agreements.client_ssn'). */
  encrypt(plain: string, field: string): string;
  encrypt(plain: string | null, field: string): string | null;
  decrypt(stored: string, field: string): string;
  decrypt(stored: string | null, field: string): string | null;
  /** The masked form of a stored value, for answers without `?reveal=true`. */
  mask(kind: PiiKind, stored: string | null, field: string): string | null;
  /** Whether a stored value is under another key than the current one (rotate-pii-key re-encrypts it). */
  needsRotation(stored: string | null): boolean;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/** The keyring of the current key and the previous ones (which only decrypt). */
export function piiKeyring(current: string, previous: readonly string[] = []): PiiKeyring {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...previous]) if (!keys.has(keyIdOf(key))) keys.set(keyIdOf(key), aesKeyOf(key));
  const currentKeyId = keyIdOf(current);
  const currentKey = keys.get(currentKeyId) as Buffer;

  function encrypt(plain: string | null, field: string): string | null {
    if (plain === null) return null;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
    cipher.setAAD(Buffer.from(`${VERSION}.${currentKeyId}.${field}`, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, currentKeyId, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
  }

  function decrypt(stored: string | null, field: string): string | null {
    if (stored === null) return null;
    const parts = stored.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new PiiDecryptError('not an encrypted value');
    const [, keyId, iv, tag, body] = parts;
    const key = keys.get(keyId);
    if (!key) throw new PiiDecryptError(`encrypted under key ${keyId}, which is not configured`);
    const [ivBytes, tagBytes, bodyBytes] = [iv, tag, body].map((part) => Buffer.from(part, 'base64url'));
    // One spelling per value: base64's unused trailing bits (or stray characters) are an alteration too.
    if (b64(ivBytes) !== iv || b64(tagBytes) !== tag || b64(bodyBytes) !== body || ivBytes.length !== IV_BYTES)
      throw new PiiDecryptError(`value of ${field} is not in its stored form`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(`${VERSION}.${keyId}.${field}`, 'utf8'));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(bodyBytes), decipher.final()]).toString('utf8');
    } catch {
      throw new PiiDecryptError(`value of ${field} fails its integrity check`);
    }
  }

  return {
    currentKeyId,
    keyIds: [...keys.keys()],
    encrypt: encrypt as PiiKeyring['encrypt'],
    decrypt: decrypt as PiiKeyring['decrypt'],
    mask: (kind, stored, field) => maskPii(kind, decrypt(stored, field)),
    needsRotation: (stored) => stored !== null && stored.split('.')[1] !== currentKeyId,
  };
}
