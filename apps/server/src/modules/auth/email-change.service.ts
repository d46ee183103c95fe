import { accountMailMessages, messages, personName } from '@portal/domain';
import type { Executor } from '../../db/client.js';
import type { AuditedTx, Writer } from '../../platform/audit.js';
import type { AppDeps } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mail.js';
import { decodeUid, encodeUid } from './link-uid.js';
import {
  cancelEmailChangeTokens,
  consumeEmailChange,
  countRecentEmailChanges,
  countWrongPasswordOnLink,
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

/**
 * Links a window allows for one account or to one address: the new address has proven nothing, so the
 * portal's mail must not become a way to flood it.
 */
const LINKS_PER_WINDOW = 5;
const LINK_WINDOW_MS = 60 * 60 * 1000;
/** Wrong passwords a link takes before it stops working. */
export const WRONG_PASSWORDS_PER_LINK = 3;

export interface EmailChangeRequest {
  user: { id: number; email: string };
  newEmail: string;
  /** Who asked: the person, or an administrator or advisor (then the link asks for the person's password). */
  requestedBy: { id: number; email: string; firstName: string | null; lastName: string | null };
}

const nameOf = (p: EmailChangeRequest['requestedBy']) =>
  personName({ first_name: p.firstName, last_name: p.lastName, email: p.email });

/** 429 when the account, or the new address, has had its links for the window. */
export async function assertEmailChangeAllowed(deps: AppDeps, userId: number, newEmail: string) {
  const { count, oldest } = await countRecentEmailChanges(deps.db, userId, newEmail, LINK_WINDOW_MS);
  if (count < LINKS_PER_WINDOW) return;
  const retryMs = Math.max(1000, (oldest?.getTime() ?? Date.now()) + LINK_WINDOW_MS - Date.now());
  throw new HttpError(429, messages.settings.emailChangeThrottled(Math.ceil(retryMs / 60_000)), undefined, {
    'retry-after': String(Math.ceil(retryMs / 1000)),
  });
}

/**
 * Issues the link (ending any earlier one) and queues both mails, in the caller's transaction. The mail
 * to the new address carries no text anyone typed (a name can say anything, and the address has proven
 * nothing); the notice to the proven address names who asked.
 */
export async function queueEmailChangeLink(deps: AppDeps, tx: AuditedTx, request: EmailChangeRequest) {
  const { user, newEmail, requestedBy } = request;
  const byOwner = requestedBy.id === user.id;
  const token = await issueOneTimeToken(tx, user.id, 'email_change', EMAIL_CHANGE_TTL_MS, {
    newEmail,
    requestedById: requestedBy.id,
  });
  const link = `${deps.config.publicUrl}/account/email/confirm/${encodeUid(user.id)}/${token}`;
  await enqueueMail(tx, { to: newEmail, ...accountMailMessages.emailChangeConfirm({ byOwner, link }) }, [token]);
  await enqueueMail(tx, {
    to: user.email,
    ...accountMailMessages.emailChangeRequested({ newEmail, requestedBy: byOwner ? null : nameOf(requestedBy) }),
  });
}

export const decodeLinkUid = decodeUid;
export const pendingEmailChange = (ex: Executor, userId: number) => findPendingEmailChange(ex, userId);
export const peekEmailChangeLink = (ex: Executor, userId: number, token: string) => peekEmailChange(ex, userId, token);
export const consumeEmailChangeLink = (ex: AuditedTx, userId: number, token: string) =>
  consumeEmailChange(ex, userId, token);
export const cancelEmailChange = (ex: AuditedTx, userId: number) => cancelEmailChangeTokens(ex, userId);
export const countWrongPassword = (ex: Writer, userId: number, token: string) =>
  countWrongPasswordOnLink(ex, userId, token, WRONG_PASSWORDS_PER_LINK);

/** The old address is told of a change, so a hijacked session cannot quietly take the account over. */
export async function queueEmailChangedNotice(tx: Writer, oldEmail: string, newEmail: string) {
  await enqueueMail(tx, { to: oldEmail, ...accountMailMessages.emailChanged({ newEmail }) });
}
