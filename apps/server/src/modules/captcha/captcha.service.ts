import { createHmac } from 'node:crypto';
import { captchaPasses, captchaScore, type VerifyCaptchaResponse } from '@portal/domain';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { writeUnaudited } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/context.js';
import { isChallengeUsed, pruneUsedChallenges, useChallenge } from './captcha.repository.js';

/**
 * The self-hosted proof-of-work captcha (ALTCHA): no third party sees the visitor. A
 * challenge hides a counter the browser finds by trying each one (PBKDF2 per try); its parameters are
 * signed with a key derived from SECRET_KEY, so nobody can make an easier one, and each carries its
 * level (how much work it asked for) and its expiry under that signature.
 */
const ALGORITHM = 'PBKDF2/SHA-256';

/** Two keys of their own, derived from the app's secret: a captcha key leaking never signs a session. */
const keyCache = new Map<string, { signature: string; keySignature: string }>();
function keysOf(secretKey: string) {
  let keys = keyCache.get(secretKey);
  if (!keys) {
    const derive = (purpose: string) => createHmac('sha256', secretKey).update(purpose).digest('hex');
    keys = { signature: derive('altcha:challenge'), keySignature: derive('altcha:derived-key') };
    keyCache.set(secretKey, keys);
  }
  return keys;
}

/** A new challenge of `level` (1 the lightest; each level doubles the expected work). */
export async function issueChallenge(deps: AppDeps, level: number): Promise<Challenge> {
  const { cost, counterMax, maxLevel, ttlMs } = deps.config.captcha;
  const at = Math.min(Math.max(1, Math.floor(level)), maxLevel);
  const max = counterMax * 2 ** (at - 1);
  const keys = keysOf(deps.config.secretKey);
  return createChallenge({
    algorithm: ALGORITHM,
    cost,
    // At least half the level's work: a lucky small counter would make the level meaningless.
    counter: randomInt(max, Math.ceil(max / 2)),
    deriveKey,
    data: { level: at },
    expiresAt: new Date(deps.config.now().getTime() + ttlMs),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
}

/** What the widget submits: base64 of `{challenge, solution}`. Anything else is simply not a solution. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        nonce: z.string().regex(/^[0-9a-f]{2,128}$/),
        expiresAt: z.number(),
        data: z.object({ level: z.number().int() }).loose(),
      })
      .loose(),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

export type CaptchaCheck =
  | { ok: true; nonce: string; level: number; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'expired' | 'forged' | 'wrong' | 'used' };

/** Checks a solution without using it up. */
export async function checkSolution(deps: AppDeps, token: string): Promise<CaptchaCheck> {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const { challenge, solution } = parsed.data;
  const keys = keysOf(deps.config.secretKey);
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({
      challenge: challenge as unknown as Challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.keySignature,
    });
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (result.expired) return { ok: false, reason: 'expired' };
  if (result.invalidSignature) return { ok: false, reason: 'forged' };
  if (!result.verified) return { ok: false, reason: 'wrong' };
  const { nonce, expiresAt, data } = challenge.parameters;
  if (await isChallengeUsed(deps.db, nonce)) return { ok: false, reason: 'used' };
  return { ok: true, nonce, level: data.level, expiresAt: new Date(expiresAt * 1000) };
}

/**
 * A solution for one sign-in: checked and used up in one go (a replay of it is refused until its
 * challenge expires, after which it is refused as expired).
 */
export async function redeemSolution(deps: AppDeps, token: string): Promise<CaptchaCheck> {
  const check = await checkSolution(deps, token);
  if (!check.ok) return check;
  const fresh = await writeUnaudited(deps.db, 'sign-in throttle', async (w) => {
    if (!(await useChallenge(w, check.nonce, check.expiresAt))) return false;
    if (Math.random() < 0.01) await pruneUsedChallenges(w);
    return true;
  });
  return fresh ? check : { ok: false, reason: 'used' };
}

/**
 * `POST /api/verify_captcha/`: score 1 for a valid, unexpired, unused solution, else 0; it
 * passes at 0.3. It only reports: the solution stays usable for the sign-in it was made for.
 */
export async function verifyCaptcha(deps: AppDeps, token: string): Promise<VerifyCaptchaResponse> {
  const score = captchaScore((await checkSolution(deps, token)).ok);
  return { success: captchaPasses(score), score };
}
