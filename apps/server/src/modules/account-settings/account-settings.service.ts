import { type ChangeEmailBody, type ChangePasswordBody, messages } from '@portal/domain';
import { writeAudited } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors.js';
import {
  cancelLinks,
  checkCurrentPassword,
  queueEmailChangedNotice,
  rotateSession,
  storeNewPassword,
} from '../auth/auth.service.js';
import { accounts } from '../users/users.service.js';

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
 * The current password is asked first (a wrong one counts as a failed sign-in), and the old address is
 * told: a hijacked session can neither move the account to another address nor do it quietly.
 */
export async function changeEmail(ctx: Ctx, body: ChangeEmailBody) {
  const { deps, auth } = ctx;
  const { user } = auth;
  const { email } = body;
  await checkCurrentPassword(deps, auth, body.current_password, ctx.meta);
  const taken = () => conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });
  if (email.toLowerCase() !== user.email.toLowerCase() && (await accounts.byEmail(deps.db, email))) throw taken();
  try {
    await writeAudited(deps.db, ctx.meta, async (tx, record) => {
      await accounts.update(tx, user.id, { email });
      if (email !== user.email) {
        await cancelLinks(tx, user.id);
        await queueEmailChangedNotice(tx, user.email, email);
      }
      record({
        action: 'email_changed',
        entity: 'user',
        entityId: user.id,
        firmId: user.profile?.firmId,
        changes: { email: { from: user.email, to: email } },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  deps.mailer.kick();
  const fresh = await accounts.byId(deps.db, user.id);
  if (!fresh) throw notFound();
  return { token: await deps.tokens.sign(user.id, auth.sessionId, auth.origIat), user: accounts.toWire(fresh) };
}
