import { createHmac, webcrypto } from 'node:crypto';
import { REFRESH_WINDOW_SECONDS } from '@portal/domain';
import { errors, jwtVerify, SignJWT } from 'jose';
import { BoundedCache } from './bounded-cache.js';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  /** The original issue time: refreshes keep it, so a session cannot be stretched forever. */
  origIat: number;
  iat: number;
  exp: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  /** Imported once: given raw bytes, jose imports the key into WebCrypto again on every sign and verify. */
  private cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  /**
   * Tokens already verified, until they expire: an HMAC check per request was a fifth of a signed-in
   * read's CPU. Only the signature's work is skipped; the session is still looked up every time, so a
   * revoked session fails at once. Bounded, oldest first out.
   */
  private readonly verified = new BoundedCache<AccessClaims>(10_000);
  private readonly csrf = new BoundedCache<string>(10_000);

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: number, sessionId: string, origIat: number, now = Math.floor(Date.now() / 1000)): Promise<string> {
    const exp = Math.min(now + this.ttlSeconds, origIat + REFRESH_WINDOW_SECONDS);
    return new SignJWT({ sid: sessionId, orig_iat: origIat })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(await this.hmacKey());
  }

  private hmacKey(): Promise<webcrypto.CryptoKey> {
    this.cryptoKey ??= webcrypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return this.cryptoKey;
  }

  /**
   * The CSRF token of a session: derived from its id, so a cookie/header pair an attacker planted in
   * the browser is refused, and a rotated session gets a new one.
   */
  csrfFor(sessionId: string): string {
    let token = this.csrf.get(sessionId);
    if (!token) {
      token = createHmac('sha256', this.key).update(`csrf:${sessionId}`).digest('base64url');
      this.csrf.set(sessionId, token);
    }
    return token;
  }

  /**
   * A signed-out session's token and CSRF token leave the caches now rather than when the bound pushes
   * them out: the token will not name a live session again.
   */
  forget(token: string | undefined, sessionId: string) {
    if (token) this.verified.delete(token);
    this.csrf.delete(sessionId);
  }

  /** Null for anything but a well-formed, unexpired HS256 token of ours. */
  async verify(token: string, now = Math.floor(Date.now() / 1000)): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known;
      this.verified.delete(token);
    }
    const claims = await this.check(token, now);
    if (claims) this.verified.set(token, claims);
    return claims;
  }

  private async check(token: string, now: number): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.hmacKey(), {
        algorithms: ['HS256'],
        currentDate: new Date(now * 1000),
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.orig_iat !== 'number')
        return null;
      return {
        userId,
        sessionId: payload.sid,
        origIat: payload.orig_iat,
        iat: payload.iat ?? 0,
        exp: payload.exp ?? 0,
      };
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
