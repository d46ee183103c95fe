import type { AccountConfirmBody, AuditAction, PasswordLinkSender, PasswordResetConfirmBody } from '@portal/domain';
import { accountMailMessages, messages } from '@portal/domain';
import { type AuditedTx, REDACTED, writeAudited, writeUnaudited } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import type { AppDeps, RequestMeta } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mail.js';
import { hashPassword, passwordProblem } from '../../platform/passwords.js';
import { accountByEmail, accountById, updateAccount } from '../accounts/accounts.service.js';
import { revokeCalendarFeed } from '../calendar-feeds/calendar-feeds.service.js';
import { decodeUid, encodeUid } from './link-uid.js';
import {
  cancelOneTimeTokens,
  consumeOneTimeToken,
  issueOneTimeToken,
  isUsableOneTimeToken,
  type TokenPurpose,
} from './one-time-tokens.repository.js';
import { revokeUserSessions } from './sessions.repository.js';
import { assertNotThrottled } from './sign-in.service.js';
import { pruneAttempts, recordAttempt } from './throttle.repository.js';

// Passwords set through a mailed link (activation, reset) or ended by an administrator, and the links
// themselves.

const RESET_TTL_MS = 24 * 60 * 60 * 1000;
export const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * An administrator ends a person's password (a leak, a lost device): their sessions, links and feed end as
 * on deactivation, except an address change someone else asked for, which needs the password anyway.
 */
export async function endPassword(tx: AuditedTx, userId: number) {
  await updateAccount(tx, userId, { passwordHash: null });
  await revokeUserSessions(tx, userId);
  await cancelOneTimeTokens(tx, userId, { keepOthersEmailChange: true });
  await revokeCalendarFeed(tx, userId);
}

/** An address change cancels the links mailed to the old address. */
export const cancelLinks = (tx: AuditedTx, userId: number) => cancelOneTimeTokens(tx, userId);

/**
 * The same answer in the same time whether or not the account exists: the request is counted (per
 * address typed and per client address) and answered; finding the account and mailing its link happen
 * after the answer. The link goes only to a live, active account.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, meta: RequestMeta) {
  await assertNotThrottled(deps, 'reset', email, meta.ip);
  await writeUnaudited(deps.db, 'sign-in throttle', async (w) => {
    await recordAttempt(w, 'reset', email, meta.ip);
    if (Math.random() < 0.01) await pruneAttempts(w, 'reset', deps.config.throttle.reset.windowMs);
  });
  deps.background.run('password reset link', () => mailResetLink(deps, email, meta));
}

async function mailResetLink(deps: AppDeps, email: string, meta: RequestMeta) {
  const user = await accountByEmail(deps.db, email);
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
  tx: AuditedTx,
  user: { id: number; email: string; firstName: string | null },
  /** Who sent it: the person (or someone typing their address), or an administrator, who may have ended the password. */
  sentBy: PasswordLinkSender = 'request',
) {
  const token = await issueOneTimeToken(tx, user.id, 'password_reset', RESET_TTL_MS);
  const link = `${deps.config.publicUrl}/account/password/reset/${encodeUid(user.id)}/${token}`;
  await enqueueMail(
    tx,
    { to: user.email, ...accountMailMessages.passwordReset({ firstName: user.firstName, link, sentBy }) },
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
      ? await accountById(deps.db, userId)
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
    action: AuditAction;
    link?: { purpose: TokenPurpose; token: string };
    activate?: boolean;
    endSessions: boolean;
    after?: (tx: AuditedTx) => Promise<T>;
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
    await updateAccount(
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
export async function activationLink(config: { publicUrl: string }, tx: AuditedTx, userId: number) {
  const token = await issueOneTimeToken(tx, userId, 'account_activation', ACTIVATION_TTL_MS);
  return { link: `${config.publicUrl}/account/activate/${encodeUid(userId)}/${token}`, token };
}

/** Creates the activation link for a new account and queues its mail, in the caller's transaction. */
export async function queueActivationMail(
  deps: AppDeps,
  tx: AuditedTx,
  user: { id: number; email: string; firstName: string | null },
) {
  const { link, token } = await activationLink(deps.config, tx, user.id);
  await enqueueMail(tx, { to: user.email, ...accountMailMessages.activation({ firstName: user.firstName, link }) }, [
    token,
  ]);
  return link;
}
