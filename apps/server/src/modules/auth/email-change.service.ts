import type { Executor } from '../../db/client.js';
import type { AppDeps } from '../../platform/context.js';
import { enqueueMail } from '../../platform/mail.js';
import {
  cancelEmailChangeTokens,
  consumeEmailChange,
  decodeUid,
  encodeUid,
  findPendingEmailChange,
  issueOneTimeToken,
  peekEmailChange,
} from './one-time-tokens.repository.js';

/**
 * An address change is a link mailed to the new address: the account's address changes only when it is
 * opened (within a day, once; a newer request or a cancel ends it). Until then sign-in, mail and single
 * sign-on keep the old address, which is told of the request.
 */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export interface EmailChangeRequest {
  user: { id: number; email: string; firstName: string | null };
  newEmail: string;
  /** Who asked: the person, or an administrator or advisor (then the link asks for the person's password). */
  requestedBy: { id: number; email: string; firstName: string | null; lastName: string | null };
}

const nameOf = (p: EmailChangeRequest['requestedBy']) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;

const greeting = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;

/** Issues the link (ending any earlier one) and queues both mails, in the caller's transaction. */
export async function queueEmailChangeLink(deps: AppDeps, tx: Executor, request: EmailChangeRequest) {
  const { user, newEmail, requestedBy } = request;
  const byOwner = requestedBy.id === user.id;
  const token = await issueOneTimeToken(tx, user.id, 'email_change', EMAIL_CHANGE_TTL_MS, {
    newEmail,
    requestedById: requestedBy.id,
  });
  const link = `${deps.config.publicUrl}/account/email/confirm/${encodeUid(user.id)}/${token}`;
  const asked = byOwner ? 'You asked' : `${nameOf(requestedBy)} asked`;
  const step = byOwner
    ? 'To confirm, open this link within 24 hours:'
    : 'To confirm, open this link within 24 hours and enter your portal password:';
  await enqueueMail(
    tx,
    {
      to: newEmail,
      subject: 'Confirm your new portal email address',
      text: `${greeting(user.firstName)}\n\n${asked} to change the email address of your portal account to this address. ${step}\n\n${link}\n\nUntil then you sign in and receive mail at your current address. If you did not expect this, ignore this message: nothing changes.\n`,
    },
    [token],
  );
  await enqueueMail(tx, {
    to: user.email,
    subject: 'A change of your portal email address was requested',
    text: `${greeting(user.firstName)}\n\n${asked} to change the email address of your portal account to ${newEmail}. It changes only if the link mailed to that address is opened within 24 hours.\n\nIf you did not ask for this, sign in and cancel it in Settings, on the Email tab, change your password, and tell your administrator.\n`,
  });
}

export const decodeLinkUid = decodeUid;
export const pendingEmailChange = (ex: Executor, userId: number) => findPendingEmailChange(ex, userId);
export const peekEmailChangeLink = (ex: Executor, userId: number, token: string) => peekEmailChange(ex, userId, token);
export const consumeEmailChangeLink = (ex: Executor, userId: number, token: string) =>
  consumeEmailChange(ex, userId, token);
export const cancelEmailChange = (ex: Executor, userId: number) => cancelEmailChangeTokens(ex, userId);
