import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { TestApp } from './test-app.js';

/** What the ALTCHA widget submits for a solved challenge: base64 of `{challenge, solution}`. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the test captcha was not solved');
  const { parameters, signature } = challenge;
  return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString('base64');
}

/** A challenge as the sign-in page gets it (for `email`, from `ip`), solved. */
export async function solvedCaptcha(t: TestApp, email = '', ip = '10.0.0.1'): Promise<string> {
  const res = await t.app.inject({
    url: `/api/captcha/challenge/?email=${encodeURIComponent(email)}`,
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return solve(res.json<Challenge>());
}
