import { CAPTCHA_AFTER_FAILURES, captchaRequired, messages } from '@portal/domain';
import type { AppDeps } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { issueChallenge, redeemSolution } from '../captcha/captcha.service.js';
import { countRecentAttempts } from './throttle.repository.js';

/**
 * The sign-in's defence against guessing, replacing the 15-minute lock of an account after
 * 10 failures, which let anyone lock anyone out:
 * - after 3 failures within the window, of the account or from the address, a sign-in must carry a
 *   solved captcha (each solution good for one attempt);
 * - the captcha's work grows with the failures (one level, twice the work, every 3 more), so guessing
 *   slows down while the owner, who solves one puzzle, still gets in;
 * - an address with 50 failures in the window is a flood and gets 429 until it calms down.
 */
export interface SignInFailures {
  account: number;
  address: number;
}

async function failuresOf(deps: AppDeps, email: string, ip: string) {
  const { windowMs } = deps.config.throttle.login;
  const [account, address] = await Promise.all([
    email ? countRecentAttempts(deps.db, 'login', { email }, windowMs) : { count: 0, oldest: null },
    countRecentAttempts(deps.db, 'login', { ip }, windowMs),
  ]);
  return { account: account.count, address: address.count, addressOldest: address.oldest };
}

/**
 * 1 from the third failure, one more for each 3 after it, capped by the config's `maxLevel`: the level
 * a challenge is issued at, and the one a solution is held to (uncapped, an address past 18 failures
 * could never pass again, since no challenge is issued above `maxLevel`).
 */
export const captchaLevelFor = (deps: AppDeps, f: SignInFailures) =>
  Math.min(
    deps.config.captcha.maxLevel,
    1 + Math.floor(Math.max(0, Math.max(f.account, f.address) - CAPTCHA_AFTER_FAILURES) / CAPTCHA_AFTER_FAILURES),
  );

/** `GET /api/captcha/challenge/`: a challenge as hard as the failures of the email typed and this address ask. */
export async function captchaChallengeFor(deps: AppDeps, email: string | undefined, ip: string) {
  return issueChallenge(deps, captchaLevelFor(deps, await failuresOf(deps, email?.trim() ?? '', ip)));
}

function refuseFlood(deps: AppDeps, failures: Awaited<ReturnType<typeof failuresOf>>) {
  const { windowMs, perAddress } = deps.config.throttle.login;
  if (failures.address < perAddress) return;
  const retryMs = Math.max(1000, (failures.addressOldest?.getTime() ?? Date.now()) + windowMs - Date.now());
  throw new HttpError(429, messages.auth.throttled(Math.ceil(retryMs / 60_000)), undefined, {
    'retry-after': String(Math.ceil(retryMs / 1000)),
  });
}

/**
 * The second step's guard: only the address's flood limit. The account's failures do not block it, or
 * anyone typing wrong passwords for an account would lock its owner out of the step; the step's own
 * guesses are bounded instead (a few per sign-in step, each step costing the password and any captcha).
 */
export async function assertSecondStepAllowed(deps: AppDeps, ip: string) {
  refuseFlood(deps, await failuresOf(deps, '', ip));
}

const captchaRefusal = (detail: string) => new HttpError(400, detail, undefined, undefined, { captcha_required: true });

/**
 * Before the password is checked: 429 for a flooding address; 400 with `captcha_required` when a
 * captcha is due and the body has no valid, unused one. A solution one level easier than due is still
 * taken (the failures may have grown while the owner solved it), so no race sends them round again.
 */
export async function assertSignInAllowed(
  deps: AppDeps,
  email: string,
  ip: string,
  captcha: string | undefined,
): Promise<SignInFailures> {
  const failures = await failuresOf(deps, email, ip);
  refuseFlood(deps, failures);
  if (!captchaRequired(failures)) return failures;
  if (!captcha) throw captchaRefusal(messages.auth.captchaRequired);
  const solved = await redeemSolution(deps, captcha);
  if (!solved.ok || solved.level < captchaLevelFor(deps, failures) - 1)
    throw captchaRefusal(messages.auth.captchaInvalid);
  return failures;
}

/** The failed sign-in's answer; from the failure that makes the captcha due, it says so. */
export function signInFailed(before: SignInFailures) {
  const due = captchaRequired({ account: before.account + 1, address: before.address + 1 });
  return new HttpError(
    400,
    messages.auth.loginFailed,
    undefined,
    undefined,
    due ? { captcha_required: true } : undefined,
  );
}
