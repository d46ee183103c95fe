import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ConfirmEmailBody,
  type EmailChangePreview,
  type EmailLinkBody,
  maskEmail,
  messages,
  type PendingEmailChange,
} from '@portal/domain';
import { writeAudited, writeUnaudited } from '../../platform/audit.js';
import type { AppDeps, Ctx, RequestMeta } from '../../platform/context.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import { accountByEmail, accountById, accountWire, updateAccount } from '../accounts/accounts.service.js';
import {
  accountPasswordMatches,
  assertEmailChangeAllowed,
  auditFailedSignIn,
  cancelEmailChange,
  cancelLinks,
  checkCurrentPassword,
  consumeEmailChangeLink,
  countWrongPassword,
  decodeLinkUid,
  peekEmailChangeLink,
  pendingEmailChange,
  queueEmailChangedNotice,
  queueEmailChangeLink,
  rotateSession,
  storeNewPassword,
} from '../auth/auth.service.js';

/**
 * A new password ends every other session and every outstanding link, and moves this sign-in to a new
 * session id: whoever copied a token before the change is out.
 */
export async function changePassword(ctx: Ctx, body: ChangePasswordBody) {
  const { deps, auth } = ctx;
  const { user } = auth;
  await checkCurrentPassword(deps, auth, body.current_password, ctx.meta);
  if (body.new_password !== body.new_password_confirmation) {
    throw badRequest(messages.auth.passwordMismatch, { new_password_confirmation: messages.auth.passwordMismatch });
  }
  const session = await storeNewPassword(deps, ctx.meta, user, body.new_password, 'new_password', {
    action: 'password_changed',
    endSessions: false,
    after: (tx) => rotateSession(deps, tx, auth, ctx.meta),
  });
  if (!session) throw new Error('the session was not rotated');
  return session;
}

/**
 * Settings → Email. The current password is asked first (a wrong one counts as a failed sign-in); then a
 * link goes to the new address and the old one is told. The address changes only when the link is
 * opened (`confirmEmail`): a hijacked session cannot move the account, and nobody signs in, gets mail or
 * a single sign-on assertion under an address they have not proven.
 */
export async function changeEmail(ctx: Ctx, body: ChangeEmailBody) {
  const { deps, auth } = ctx;
  const { user } = auth;
  const { email } = body;
  await checkCurrentPassword(deps, auth, body.current_password, ctx.meta);
  if (email === user.email) throw badRequest(messages.settings.sameEmail, { email: messages.settings.sameEmail });
  const owner = await accountByEmail(deps.db, email);
  if (owner && owner.id !== user.id) throw taken();
  await assertEmailChangeAllowed(deps, user.id, email);
  const fullUser = await accountById(deps.db, user.id);
  if (!fullUser) throw notFound();
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await queueEmailChangeLink(deps, tx, {
      user,
      newEmail: email,
      requestedBy: fullUser,
    });
    record({
      action: 'email_change_requested',
      entity: 'user',
      entityId: user.id,
      firmId: user.profile?.firmId,
      changes: { pending_email: email },
    });
  });
  deps.mailer.kick();
  const fresh = await accountById(deps.db, user.id);
  if (!fresh) throw notFound();
  return {
    token: await deps.tokens.sign(user.id, auth.sessionId, auth.origIat),
    user: accountWire(fresh),
    detail: messages.settings.emailChangeRequested(email),
  };
}

const taken = () => conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });
const nonepending = () => conflict(messages.settings.noEmailChangePending);

/** The address change waiting for confirmation, for the Email tab. */
export async function pendingChange(ctx: Ctx): Promise<PendingEmailChange> {
  const pending = await pendingEmailChange(ctx.deps.db, ctx.auth.user.id);
  return {
    email: ctx.auth.user.email,
    pending_email: pending?.newEmail ?? null,
    requested_at: pending?.createdAt.toISOString() ?? null,
    expires_at: pending?.expiresAt.toISOString() ?? null,
  };
}

/** A new link to the same pending address (the earlier one stops working); who asked stays who asked. */
export async function resendEmailChange(ctx: Ctx) {
  const { deps, auth } = ctx;
  const { user } = auth;
  const pending = await pendingEmailChange(deps.db, user.id);
  if (!pending) throw nonepending();
  await assertEmailChangeAllowed(deps, user.id, pending.newEmail);
  const requesterId = pending.requestedById ?? user.id;
  // Who asked stays who asked (it decides whether the link asks for the password), even once they left.
  const requester = (await accountById(deps.db, requesterId)) ?? {
    id: requesterId,
    email: 'your administrator',
    firstName: null,
    lastName: null,
  };
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await queueEmailChangeLink(deps, tx, {
      user,
      newEmail: pending.newEmail,
      requestedBy: requester,
    });
    record({
      action: 'email_change_resent',
      entity: 'user',
      entityId: user.id,
      firmId: user.profile?.firmId,
      changes: { pending_email: pending.newEmail },
    });
  });
  deps.mailer.kick();
  return { detail: messages.settings.emailChangeResent(pending.newEmail) };
}

export async function cancelEmailChangeOf(ctx: Ctx) {
  const { deps, auth } = ctx;
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    if (!(await cancelEmailChange(tx, auth.user.id))) throw nonepending();
    record({
      action: 'email_change_cancelled',
      entity: 'user',
      entityId: auth.user.id,
      firmId: auth.user.profile?.firmId,
    });
  });
  return { detail: messages.settings.emailChangeCancelled };
}

const invalidLink = () => badRequest(messages.auth.invalidLink, { token: messages.auth.invalidLink });

/** A usable email-change link and its account, or the invalid-link 400. */
async function emailLinkOf(deps: AppDeps, body: EmailLinkBody) {
  const userId = decodeLinkUid(body.uid);
  const link = userId ? await peekEmailChangeLink(deps.db, userId, body.token) : undefined;
  const user = link && userId ? await accountById(deps.db, userId) : undefined;
  if (!link || !user || user.deactivatedAt) throw invalidLink();
  return { link, user, passwordRequired: link.requestedById !== user.id };
}

/** What a link asks for, shown before it is confirmed: the account (masked), the new address, whether the password is asked. */
export async function previewEmailLink(deps: AppDeps, body: EmailLinkBody): Promise<EmailChangePreview> {
  const { link, user, passwordRequired } = await emailLinkOf(deps, body);
  return { account: maskEmail(user.email), new_email: link.newEmail, password_required: passwordRequired };
}

/**
 * The link mailed to a new address, opened (no session needed). When someone else asked for the change,
 * the account's password is asked too: an administrator or advisor who typed an address they control
 * must not get the account by opening the link themselves. A few wrong passwords end the link, each one
 * in the audit trail (no actor, the account as subject). The old address is told of the change.
 */
export async function confirmEmail(deps: AppDeps, body: ConfirmEmailBody, meta: RequestMeta) {
  const { link, user, passwordRequired } = await emailLinkOf(deps, body);
  if (passwordRequired) {
    const required = messages.settings.confirmEmailPasswordRequired;
    if (!body.password) throw badRequest(required, { password: required });
    if (!(await accountPasswordMatches(user, body.password))) {
      const stillUsable = await writeUnaudited(deps.db, 'sign-in throttle', (w) =>
        countWrongPassword(w, user.id, body.token),
      );
      await auditFailedSignIn(deps, user, { ...meta, actorId: null }, 'email_link');
      if (!stillUsable) throw invalidLink();
      const wrong = messages.settings.confirmEmailPasswordWrong;
      throw badRequest(wrong, { password: wrong });
    }
  }
  const owner = await accountByEmail(deps.db, link.newEmail);
  if (owner && owner.id !== user.id) throw taken();
  try {
    await writeAudited(deps.db, { ...meta, actorId: null }, async (tx, record) => {
      const used = await consumeEmailChangeLink(tx, user.id, body.token);
      if (!used) throw invalidLink();
      await updateAccount(tx, user.id, { email: used.newEmail, emailVerifiedAt: new Date() });
      // Links mailed to the old address (a password reset) stop working.
      await cancelLinks(tx, user.id);
      await queueEmailChangedNotice(tx, user.email, used.newEmail);
      record({
        action: 'email_changed',
        entity: 'user',
        entityId: user.id,
        firmId: user.profile?.firmId,
        // Whoever opened the link is not signed in: the account is the subject, nobody its actor.
        subjectId: user.id,
        changes: { email: { from: user.email, to: used.newEmail } },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  deps.mailer.kick();
  return { detail: messages.settings.emailChanged };
}
