import { describe, expect, it } from 'vitest';
import { keyIdOf, PiiDecryptError, piiKeyring } from './pii.js';

const OLD = 'old-key-0123456789abcdefghijklmnopqrstuvwxyz';
const NEW = 'new-key-0123456789abcdefghijklmnopqrstuvwxyz';
const FIELD = 'client_agreements.client_ssn';

/** Changes one character of the part `index` of a stored value (2 iv, 3 tag, 4 ciphertext). */
const tamper = (stored: string, index: number, at: 'first' | 'last' = 'first') => {
  const parts = stored.split('.');
  const p = parts[index];
  const i = at === 'first' ? 0 : p.length - 1;
  parts[index] = `${p.slice(0, i)}${p[i] === 'A' ? 'B' : 'A'}${p.slice(i + 1)}`;
  return parts.join('.');
};

describe('client PII encryption at rest', () => {
  it('round-trips a value, never storing it in clear, with a fresh IV each time', () => {
    const ring = piiKeyring(NEW);
    const a = ring.encrypt('123456789', FIELD);
    const b = ring.encrypt('123456789', FIELD);
    expect(a).not.toContain('123456789');
    expect(a).not.toBe(b);
    expect(a.split('.').slice(0, 2)).toEqual(['v1', keyIdOf(NEW)]);
    expect(ring.decrypt(a, FIELD)).toBe('123456789');
    expect(ring.decrypt(null, FIELD)).toBeNull();
  });

  it('names a key by the first 8 hex of its SHA-256', () => {
    expect(keyIdOf('abc')).toBe('ba7816bf');
  });

  it.each([
    ['the IV', 2],
    ['the tag', 3],
    ['the ciphertext', 4],
  ])('refuses a value whose %s was altered', (_, index) => {
    const ring = piiKeyring(NEW);
    const stored = ring.encrypt('123456789', FIELD);
    expect(() => ring.decrypt(tamper(stored, index), FIELD)).toThrow(PiiDecryptError);
    // The last character of a 16-byte tag carries unused bits: changing them is refused as well.
    expect(() => ring.decrypt(tamper(stored, index, 'last'), FIELD)).toThrow(PiiDecryptError);
  });

  it('refuses a value moved into another column', () => {
    const ring = piiKeyring(NEW);
    const stored = ring.encrypt('123456789', 'client_agreements.client_tax_id');
    expect(() => ring.decrypt(stored, FIELD)).toThrow(PiiDecryptError);
  });

  it('refuses a value under a key it does not have, and one relabelled with its key id', () => {
    const stored = piiKeyring(OLD).encrypt('123456789', FIELD);
    expect(() => piiKeyring(NEW).decrypt(stored, FIELD)).toThrow(/not configured/);
    const relabelled = stored.replace(keyIdOf(OLD), keyIdOf(NEW));
    expect(() => piiKeyring(NEW).decrypt(relabelled, FIELD)).toThrow(PiiDecryptError);
  });

  it('refuses what is not an encrypted value', () => {
    expect(() => piiKeyring(NEW).decrypt('123-45-6789', FIELD)).toThrow(PiiDecryptError);
  });

  it('after a rotation, reads old values with the previous key and flags them for re-encryption', () => {
    const old = piiKeyring(OLD).encrypt('123456789', FIELD);
    const ring = piiKeyring(NEW, [OLD]);
    expect(ring.decrypt(old, FIELD)).toBe('123456789');
    expect(ring.needsRotation(old)).toBe(true);
    const fresh = ring.encrypt(ring.decrypt(old, FIELD), FIELD);
    expect(ring.needsRotation(fresh)).toBe(false);
    expect(ring.needsRotation(null)).toBe(false);
  });

  it('masks a stored value by its kind', () => {
    const ring = piiKeyring(NEW);
    expect(ring.mask('ssn', ring.encrypt('123456789', FIELD), FIELD)).toBe('***-**-6789');
    expect(ring.mask('dob', ring.encrypt('1960-04-30', 'f'), 'f')).toBe('**/**/****');
  });
});
