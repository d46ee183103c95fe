import { randomUUID } from 'node:crypto';
import {
  type AccountConfirmBody,
  canRefresh,
  type LoginBody,
  type LoginResponse,
  messages,
  type PasswordResetConfirmBody,
  REFRESH_WINDOW_SECONDS,
  SESSION_ENDED_CODE,
  SESSION_IDLE_CODE,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { REDACTED, writeAudited } from '../../platform/audit.js';
import type { AuthState, Principal, SessionResolver } from '../../platform/auth.js';
import type { AppDeps, RequestMeta } from '../../platform/context.js';
import { badRequest, HttpError } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mail.js';
import { burnVerifyTime, hashPassword, passwordProblem, verifyPassword } from '../../platform/passwords.js';
import type { PiiKeyring } from '../../platform/pii.js';
import { revokeCalendarFeed } from '../calendar-feeds/calendar-feeds.service.js';
import { accounts, type UserRecord } from '../users/users.service.js';
import {
  cancelOneTimeTokens,
  consumeOneTimeToken,
  decodeUid,
  encodeUid,
  issueOneTimeToken,
  isUsableOneTimeToken,
  type TokenPurpose,
} from './one-time-tokens.repository.js';
import {
  endIdleSession,
  endOfSession,
  findLiveSessionUser,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './sessions.repository.js';
import { assertSignInAllowed, signInFailed } from './sign-in-guard.js';

export { captchaChallengeFor } from './sign-in-guard.js';

import {
  clearAttempts,
  countRecentAttempts,
  pruneAttempts,
  recordAttempt,
  type ThrottleKind,
} from './throttle.repository.js';
import {
  deleteAllFactors,
  insertFactor,
  recoveryCodeHash,
  replaceRecoveryCodes,
  setFactorSecret,
  TOTP_SECRET_FIELD,
  totpKeyIdsInUse,
  totpSecretsNotUnderKey,
} from './two-factor.repository.js';

/** The ids of the keys the authenticator secrets are encrypted under (the start's key check). */
export { totpKeyIdsInUse };

const RESET_TTL_MS = 24 * 60 * 60 * 1000;
export const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SignedIn extends LoginResponse {
  sessionId: string;
}

/**
 * 429 with the time the oldest counted attempt leaves the window. Sign-in itself goes through
 * `assertSignInAllowed` (a captcha, never a lock); this holds for password-reset requests and for the
 * current password re-entered inside a session, where no captcha can be shown.
 */
async function assertNotThrottled(deps: AppDeps, kind: ThrottleKind, email: string, ip: string) {
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
  await recordAttempt(deps.db, 'login', email, ip);
  if (Math.random() < 0.01) await pruneAttempts(deps.db, 'login', deps.config.throttle.login.windowMs);
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
  const user = await accounts.byEmail(deps.db, email);
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
  opts: { mfaPending?: boolean; changes?: Record<string, unknown>; before?: (tx: Tx) => Promise<void> } = {},
): Promise<SignedIn> {
  return writeAudited(deps.db, { ...meta, actorId: usable.id }, async (tx, record) => {
    await opts.before?.(tx);
    await clearAttempts(tx, 'login', usable.email);
    const signedIn = await startSession(deps, tx, usable.id, meta, opts.mfaPending);
    await accounts.update(tx, usable.id, { lastLogin: sql`now()` as unknown as Date });
    record({
      action: 'login',
      entity: 'user',
      entityId: usable.id,
      firmId: usable.profile?.firmId,
      ...(opts.changes ? { changes: opts.changes } : {}),
    });
    const fresh = await accounts.byId(tx, usable.id);
    return { ...signedIn, user: accounts.toWire(fresh ?? usable) };
  });
}

/** A wrong second factor counts like a wrong password toward the captcha (sign-in-guard.ts). */
export const recordFailedLogin = (deps: AppDeps, email: string, ip: string) => recordFailedPassword(deps, email, ip);

async function startSession(deps: AppDeps, tx: Executor, userId: number, meta: RequestMeta, mfaPending = false) {
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
 * The same sign-in under a new session id, every other session of the person ended: after a password
 * change a token copied before it, even of this very session, is refused. The hold at two-factor
 * set-up carries over to the new session.
 */
export async function rotateSession(deps: AppDeps, tx: Executor, auth: AuthState, meta: RequestMeta) {
  const now = Math.floor(Date.now() / 1000);
  const session = await insertSession(tx, {
    id: randomUUID(),
    userId: auth.user.id,
    expiresAt: new Date((auth.origIat + REFRESH_WINDOW_SECONDS) * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent,
    // A session held at two-factor set-up stays held: rotating it must not be a way out of the hold.
    mfaPending: auth.mfaPending === true,
  });
  await revokeUserSessions(tx, auth.user.id, session.id);
  return { sessionId: session.id, token: await deps.tokens.sign(auth.user.id, session.id, auth.origIat, now) };
}

/**
 * Ends every way into an account but the caller's own session: its sessions and its outstanding
 * one-time links (activation, password reset). On deactivation, deletion and password changes.
 */
export async function revokeAccess(tx: Executor, userId: number, keepSession?: string) {
  await revokeUserSessions(tx, userId, keepSession);
  await cancelOneTimeTokens(tx, userId);
  await revokeCalendarFeed(tx, userId);
}

/**
 * An administrator ends a person's password (a leak, a lost device): their sessions, links and feed end as
 * on deactivation, except an address change someone else asked for, which needs the password anyway.
 */
export async function endPassword(tx: Executor, userId: number) {
  await accounts.update(tx, userId, { passwordHash: null });
  await revokeUserSessions(tx, userId);
  await cancelOneTimeTokens(tx, userId, { keepOthersEmailChange: true });
  await revokeCalendarFeed(tx, userId);
}

/** The old address is told of a change, so a hijacked session cannot quietly take the account over. */
export async function queueEmailChangedNotice(tx: Executor, oldEmail: string, newEmail: string) {
  await enqueueMail(tx, {
    to: oldEmail,
    subject: 'Your portal email address was changed',
    text: `The email address of your portal account was changed to ${newEmail}. If you did not make this change, contact your administrator at once.\n`,
  });
}

/** An address change cancels the links mailed to the old address. */
export const cancelLinks = (tx: Executor, userId: number) => cancelOneTimeTokens(tx, userId);

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

export async function logout(deps: AppDeps, session: { sessionId: string; token?: string }, meta: RequestMeta) {
  const { sessionId, token } = session;
  await writeAudited(deps.db, meta, async (tx, record) => {
    await revokeSession(tx, sessionId);
    record({ action: 'logout', entity: 'session', entityId: sessionId });
  });
  deps.tokens.forget(token, sessionId);
}

/**
 * The same answer in the same time whether or not the account exists: the request is counted (per
 * address typed and per client address) and answered; finding the account and mailing its link happen
 * after the answer. The link goes only to a live, active account.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, meta: RequestMeta) {
  await assertNotThrottled(deps, 'reset', email, meta.ip);
  await recordAttempt(deps.db, 'reset', email, meta.ip);
  if (Math.random() < 0.01) await pruneAttempts(deps.db, 'reset', deps.config.throttle.reset.windowMs);
  deps.background.run('password reset link', () => mailResetLink(deps, email, meta));
}

async function mailResetLink(deps: AppDeps, email: string, meta: RequestMeta) {
  const user = await accounts.byEmail(deps.db, email);
  if (!user?.isActive) return;
  // Whoever asked is not the account's owner acting: the request names the account, nothing proves who sent it.
  await writeAudited(deps.db, meta, async (tx, record) => {
    await queueResetLinkMail(deps, tx, user);
    record({
      action: 'password_reset_requested',
      entity: 'user',
      entityId: user.id,
      firmId: user.profile?.firmId,
      subjectId: subjectOf(meta, user.id),
    });
  });
  deps.mailer.kick();
}

/**
 * A password reset link to the account's address (its confirmed one: an address change takes effect only
 * once proven), in the caller's transaction. Asked for by the person, or sent by an administrator.
 */
export async function queueResetLinkMail(
  deps: AppDeps,
  tx: Executor,
  user: { id: number; email: string; firstName: string | null },
  /** Who sent it: the person (or someone typing their address), or an administrator, who may have ended the password. */
  sentBy: 'request' | 'administrator' | 'administrator_ended_password' = 'request',
) {
  const token = await issueOneTimeToken(tx, user.id, 'password_reset', RESET_TTL_MS);
  const link = `${deps.config.publicUrl}/account/password/reset/${encodeUid(user.id)}/${token}`;
  const why = {
    request: 'Someone asked to reset the password of your portal account.',
    administrator: 'An administrator of your firm sent you a link to choose a new password for your portal account.',
    administrator_ended_password:
      'An administrator of your firm ended the password of your portal account and signed it out everywhere.',
  }[sentBy];
  const after =
    sentBy === 'administrator_ended_password'
      ? 'Your old password no longer works.'
      : 'If you did not expect it, ignore this message: your password stays as it is.';
  await enqueueMail(
    tx,
    {
      to: user.email,
      subject: 'Reset your portal password',
      text: `Hello${user.firstName ? ` ${user.firstName}` : ''},\n\n${why} To choose a new password, open this link within 24 hours:\n\n${link}\n\n${after}\n`,
    },
    [token],
  );
}

/** The account an event is about, kept apart when someone else (or nobody signed in) caused it. */
const subjectOf = (meta: { actorId: number | null }, userId: number) => (meta.actorId === userId ? null : userId);

/** Resolves a link's user without using the token up, so a bad link is reported before a bad password. */
async function userOfLink(deps: AppDeps, uid: string, token: string, purpose: TokenPurpose) {
  const userId = decodeUid(uid);
  const user =
    userId && (await isUsableOneTimeToken(deps.db, userId, purpose, token))
      ? await accounts.byId(deps.db, userId)
      : undefined;
  // Deactivation cancels links; a deactivated account is refused here too, whatever link it holds.
  if (!user || user.deactivatedAt) throw badRequest(messages.auth.invalidLink, { token: messages.auth.invalidLink });
  return user;
}

export async function confirmPasswordReset(deps: AppDeps, body: PasswordResetConfirmBody, meta: RequestMeta) {
  const user = await userOfLink(deps, body.uid, body.token, 'password_reset');
  if (body.new_password1 !== body.new_password2) {
    throw badRequest(messages.auth.passwordMismatch, { new_password2: messages.auth.passwordMismatch });
  }
  // Holding the link is not being signed in: the event has no actor, the account is its subject.
  await storeNewPassword(deps, meta, user, body.new_password1, 'new_password1', {
    action: 'password_reset',
    link: { purpose: 'password_reset', token: body.token },
    endSessions: true,
  });
}

export async function activateAccount(deps: AppDeps, body: AccountConfirmBody, meta: RequestMeta) {
  const user = await userOfLink(deps, body.uid, body.token, 'account_activation');
  await storeNewPassword(deps, meta, user, body.password, 'password', {
    action: 'account_activated',
    link: { purpose: 'account_activation', token: body.token },
    activate: true,
    // An activation link can also reach an account in use (an administrator sent a new one).
    endSessions: true,
  });
}

/**
 * Stores a new password (after the policy's check, its message on `field`) in one audited write, and
 * ends what the old one opened: every outstanding link, and with `endSessions` every session. A link
 * that opened the form is used up in the same transaction; `after` runs in it too (a session rotation).
 */
export async function storeNewPassword<T = void>(
  deps: AppDeps,
  meta: RequestMeta,
  user: Principal,
  password: string,
  field: string,
  opts: {
    action: string;
    link?: { purpose: TokenPurpose; token: string };
    activate?: boolean;
    endSessions: boolean;
    after?: (tx: Tx) => Promise<T>;
  },
): Promise<T | undefined> {
  const problem = passwordProblem(password, user.email);
  if (problem) throw badRequest(problem, { [field]: problem });
  const passwordHash = await hashPassword(password);
  return writeAudited(deps.db, meta, async (tx, record) => {
    if (opts.link && !(await consumeOneTimeToken(tx, user.id, opts.link.purpose, opts.link.token))) {
      throw badRequest(messages.auth.invalidLink, { token: messages.auth.invalidLink });
    }
    // A link opened proves the address it was mailed to.
    const verified = opts.link ? { emailVerifiedAt: new Date() } : {};
    await accounts.update(
      tx,
      user.id,
      opts.activate ? { passwordHash, isActive: true, ...verified } : { passwordHash, ...verified },
    );
    if (opts.endSessions) await revokeUserSessions(tx, user.id);
    await cancelOneTimeTokens(tx, user.id, { keepOthersEmailChange: true });
    // The feed's address is a credential of the old password's time too (a leaked one dies with it).
    await revokeCalendarFeed(tx, user.id);
    const result = await opts.after?.(tx);
    record({
      action: opts.action,
      entity: 'user',
      entityId: user.id,
      firmId: user.profile?.firmId,
      subjectId: subjectOf(meta, user.id),
      // The password by name only, as a change; the flag with its value before (an account in use
      // can be sent a new activation link).
      changes: {
        ...(opts.activate && !user.isActive && { is_active: { from: user.isActive, to: true } }),
        password: { from: REDACTED, to: REDACTED },
      },
    });
    return result;
  });
}

/** A fresh activation link of an account (earlier ones stop working), in the caller's transaction. */
export async function activationLink(config: { publicUrl: string }, tx: Executor, userId: number) {
  const token = await issueOneTimeToken(tx, userId, 'account_activation', ACTIVATION_TTL_MS);
  return { link: `${config.publicUrl}/account/activate/${encodeUid(userId)}/${token}`, token };
}

/** Creates the activation link for a new account and queues its mail, in the caller's transaction. */
export async function queueActivationMail(
  deps: AppDeps,
  tx: Executor,
  user: { id: number; email: string; firstName: string | null },
) {
  const { link, token } = await activationLink(deps.config, tx, user.id);
  await enqueueMail(
    tx,
    {
      to: user.email,
      subject: 'Activate your portal account',
      text: `Hello${user.firstName ? ` ${user.firstName}` : ''},\n\nAn account has been created for you on the portal. To set your password and activate it, open this link within 7 days:\n\n${link}\n`,
    },
    [token],
  );
  return link;
}

export async function refreshToken(deps: AppDeps, token: string): Promise<string> {
  const claims = await deps.tokens.verify(token);
  if (!claims) throw badRequest(messages.auth.invalidToken, { token: messages.auth.invalidToken });
  const now = Math.floor(Date.now() / 1000);
  if (!canRefresh(claims.origIat, now))
    throw badRequest(messages.auth.refreshExpired, { token: messages.auth.refreshExpired });
  // A refresh is not a use: it neither revives an idle session nor moves its last use.
  const live = await findLiveSessionUser(deps.db, claims.sessionId);
  const user = live && !live.idle ? live.principal : undefined;
  if (!user?.isActive || user.id !== claims.userId)
    throw badRequest(messages.auth.invalidToken, { token: messages.auth.invalidToken });
  return deps.tokens.sign(claims.userId, claims.sessionId, claims.origIat, now);
}

export async function verifyToken(deps: AppDeps, token: string) {
  const claims = await deps.tokens.verify(token);
  const live = claims && (await findLiveSessionUser(deps.db, claims.sessionId));
  const user = live && !live.idle ? live.principal : undefined;
  if (!user?.isActive) throw badRequest(messages.auth.invalidToken, { token: messages.auth.invalidToken });
}

/**
 * The demo seed's account with an authenticator app already set up (its key and recovery codes are
 * in the README), so the two-step sign-in can be tried at once. Replaces whatever factors it had.
 */
export async function setUpDemoAuthenticator(
  deps: Pick<AppDeps, 'pii'>,
  tx: Executor,
  userId: number,
  secret: string,
  recoveryCodes: string[],
) {
  await deleteAllFactors(tx, userId);
  await insertFactor(tx, {
    userId,
    kind: 'totp',
    label: messages.twoFactor.totpLabel,
    secret: deps.pii.encrypt(secret, TOTP_SECRET_FIELD),
    confirmedAt: new Date(),
  });
  await replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryCodeHash));
}

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

/** The session check of every signed-in request (the platform's `SessionResolver`). */
export function sessionResolver(deps: AppDeps): SessionResolver {
  return async (sessionId, userId) => {
    // One query for the session and its account: never cached, so a revocation holds at once.
    const account = await findLiveSessionUser(deps.db, sessionId);
    if (!account) {
      // Only on the way to a 401: a session that ended for idleness, or was ended from elsewhere, says
      // so every time it is tried.
      const ended = await endOfSession(deps.db, sessionId);
      if (ended?.reason === 'idle') throw idleSignedOut(ended.idleMinutes);
      if (ended?.reason === 'ended') throw endedElsewhere();
      return null;
    }
    if (account.principal.id !== userId || !account.principal.isActive) return null;
    if (account.idle) {
      await endForIdleness(deps, sessionId, account.principal);
      throw idleSignedOut(account.idleMinutes);
    }
    // Last use to the minute: one small write a minute per session, not one per request.
    if (account.touch) await touchSession(deps.db, sessionId);
    return { sessionId, user: account.principal, actor: account.wire, mfaPending: account.mfaPending };
  };
}

/**
 * The 401 of a session unused for its firm's idle timeout (issue 12 §4); `code` lets the web say why it
 * signed the person out.
 */
const idleSignedOut = (minutes: number) =>
  new HttpError(401, messages.auth.idleSignedOut(minutes), undefined, undefined, { code: SESSION_IDLE_CODE });

/** The 401 of a session ended from another session, by an administrator or by a password change. */
const endedElsewhere = () =>
  new HttpError(401, messages.auth.sessionEnded, undefined, undefined, { code: SESSION_ENDED_CODE });

const ALREADY_ENDED = Symbol('already ended');

async function endForIdleness(deps: AppDeps, sessionId: string, user: Principal) {
  try {
    await writeAudited(deps.db, { actorId: user.id, requestId: null }, async (tx, record) => {
      // Two requests may find it idle at once: one ends it and records it, the other rolls back.
      if (!(await endIdleSession(tx, sessionId))) throw ALREADY_ENDED;
      record({ action: 'session_idle_timeout', entity: 'session', entityId: sessionId, firmId: user.profile?.firmId });
    });
  } catch (err) {
    if (err !== ALREADY_ENDED) throw err;
  }
}

export {
  assertEmailChangeAllowed,
  cancelEmailChange,
  consumeEmailChangeLink,
  countWrongPassword,
  decodeLinkUid,
  peekEmailChangeLink,
  pendingEmailChange,
  queueEmailChangeLink,
} from './email-change.service.js';
export { endAllSessions } from './sessions.service.js';
