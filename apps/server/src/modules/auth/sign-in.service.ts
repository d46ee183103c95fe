import { randomUUID } from 'node:crypto';
import { type LoginBody, type LoginResponse, messages, REFRESH_WINDOW_SECONDS } from '@portal/domain';
import { type AuditedTx, writeAudited, writeUnaudited } from '../../platform/audit.js';
import type { AuthState, Principal } from '../../platform/auth.js';
import type { AppDeps, RequestMeta } from '../../platform/context.js';
import { badRequest, HttpError } from '../../platform/errors.js';
import { burnVerifyTime, verifyPassword } from '../../platform/passwords.js';
import {
  accountByEmail,
  accountById,
  accountWire,
  recordSignIn,
  type UserRecord,
} from '../accounts/accounts.service.js';
import { insertSession } from './sessions.repository.js';
import { assertSignInAllowed, signInFailed } from './sign-in-guard.js';
import {
  clearAttempts,
  countRecentAttempts,
  pruneAttempts,
  recordAttempt,
  type ThrottleKind,
} from './throttle.repository.js';

// Signing in with a password, and the password re-entered inside a session: the checks, the counted
// failures and the session a sign-in opens.

export interface SignedIn extends LoginResponse {
  sessionId: string;
}

/**
 * 429 with the time the oldest counted attempt leaves the window. Sign-in itself goes through
 * `assertSignInAllowed` (a captcha, never a lock); this holds for password-reset requests and for the
 * current password re-entered inside a session, where no captcha can be shown.
 */
export async function assertNotThrottled(deps: AppDeps, kind: ThrottleKind, email: string, ip: string) {
  const { windowMs, perAccount, perAddress } = deps.config.throttle[kind];
  const [account, address] = await Promise.all([
    countRecentAttempts(deps.db, kind, { email }, windowMs),
    countRecentAttempts(deps.db, kind, { ip }, windowMs),
  ]);
  const blocking = account.count >= perAccount ? account : address.count >= perAddress ? address : null;
  if (!blocking) return;
  const retryMs = Math.max(1000, (blocking.oldest?.getTime() ?? Date.now()) + windowMs - Date.now());
  const minutes = Math.ceil(retryMs / 60_000);
  throw new HttpError(429, messages.auth[kind === 'login' ? 'throttled' : 'resetThrottled'](minutes), undefined, {
    'retry-after': String(Math.ceil(retryMs / 1000)),
  });
}

async function recordFailedPassword(deps: AppDeps, email: string, ip: string) {
  await writeUnaudited(deps.db, 'sign-in throttle', async (w) => {
    await recordAttempt(w, 'login', email, ip);
    if (Math.random() < 0.01) await pruneAttempts(w, 'login', deps.config.throttle.login.windowMs);
  });
}

/**
 * The password step of sign-in: the account, or the same 400 for every failure (counted). Any failure
 * answers the same message after the same work (a password hash is verified even for an unknown
 * address), so neither the answer nor its timing tells whether an account exists. Sign-in itself is
 * two-factor.service.ts `login`, which asks for the second factor before any session is opened.
 */
export async function checkPassword(deps: AppDeps, body: LoginBody, meta: RequestMeta) {
  const email = body.email.trim();
  const failures = await assertSignInAllowed(deps, email, meta.ip, body.captcha);
  const user = await accountByEmail(deps.db, email);
  const usable = user?.isActive && user.passwordHash ? user : undefined;
  let ok = false;
  if (usable?.passwordHash) ok = await verifyPassword(usable.passwordHash, body.password);
  else await burnVerifyTime(body.password);
  if (!ok || !usable) {
    await recordFailedPassword(deps, email, meta.ip);
    // After the answer, like the reset's mail: a write for known accounts only would time them apart.
    if (user) deps.background.run('failed sign-in audit', () => auditFailedSignIn(deps, user, meta, 'password'));
    throw signInFailed(failures);
  }
  return usable;
}

/**
 * A failed attempt on a known account, for whoever examines the attempts on it: nobody signed in (the
 * actor is anonymous), the account as the subject, the client's address and user agent with it.
 */
export async function auditFailedSignIn(
  deps: AppDeps,
  user: Pick<UserRecord, 'id' | 'profile'>,
  meta: RequestMeta,
  step: 'password' | 'second_factor' | 'email_link',
) {
  await writeAudited(deps.db, meta, async (_tx, record) =>
    record({
      action: 'login_failed',
      entity: 'user',
      entityId: user.id,
      firmId: user.profile?.firmId,
      subjectId: user.id,
      changes: { step },
    }),
  );
}

/**
 * Opens a session for an account that passed sign-in (the password, and the second factor when it
 * has one): the attempts are cleared, the login audited. `mfaPending` holds the session at two-factor
 * set-up; `changes` adds to the login event (the second factor used). `before` runs first in the same
 * transaction (using up the second step's token), so a failure there signs nobody in.
 */
export async function finishSignIn(
  deps: AppDeps,
  usable: UserRecord,
  meta: RequestMeta,
  opts: { mfaPending?: boolean; changes?: Record<string, unknown>; before?: (tx: AuditedTx) => Promise<void> } = {},
): Promise<SignedIn> {
  return writeAudited(deps.db, { ...meta, actorId: usable.id }, async (tx, record) => {
    await opts.before?.(tx);
    await clearAttempts(tx, 'login', usable.email);
    const signedIn = await startSession(deps, tx, usable.id, meta, opts.mfaPending);
    await recordSignIn(tx, usable.id);
    record({
      action: 'login',
      entity: 'user',
      entityId: usable.id,
      firmId: usable.profile?.firmId,
      ...(opts.changes ? { changes: opts.changes } : {}),
    });
    const fresh = await accountById(tx, usable.id);
    return { ...signedIn, user: accountWire(fresh ?? usable) };
  });
}

/** A wrong second factor counts like a wrong password toward the captcha (sign-in-guard.ts). */
export const recordFailedLogin = (deps: AppDeps, email: string, ip: string) => recordFailedPassword(deps, email, ip);

async function startSession(deps: AppDeps, tx: AuditedTx, userId: number, meta: RequestMeta, mfaPending = false) {
  const now = Math.floor(Date.now() / 1000);
  const session = await insertSession(tx, {
    id: randomUUID(),
    userId,
    expiresAt: new Date((now + REFRESH_WINDOW_SECONDS) * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent,
    mfaPending,
  });
  return { sessionId: session.id, token: await deps.tokens.sign(userId, session.id, now, now) };
}

/**
 * Checks a signed-in person's current password (before a password change). A wrong one counts as a
 * failed sign-in, so the throttle holds for a stolen session guessing the password too.
 */
export async function checkCurrentPassword(deps: AppDeps, auth: AuthState, password: string, meta: RequestMeta) {
  const { user } = auth;
  await assertNotThrottled(deps, 'login', user.email, meta.ip);
  if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) return;
  await recordFailedPassword(deps, user.email, meta.ip);
  throw badRequest(messages.auth.currentPasswordWrong, { current_password: messages.auth.currentPasswordWrong });
}

/**
 * Whether `password` is the account's, in the same time either way. It counts nothing toward the
 * sign-in throttle: the caller bounds the guesses (an email-change link takes a few), so that whoever
 * holds such a link cannot lock the owner out of their own settings.
 */
export async function accountPasswordMatches(user: Pick<Principal, 'passwordHash'>, password: string) {
  if (user.passwordHash) return verifyPassword(user.passwordHash, password);
  await burnVerifyTime(password);
  return false;
}
