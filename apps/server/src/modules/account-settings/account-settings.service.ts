import {
  type ChangePasswordBody,
  canUpdatePersonalInfo,
  isSuperAdmin,
  messages,
  type UpdatePersonalInfoBody,
  type User,
} from '@portal/domain';
import { audit } from '../../platform/audit.js';
import type { AuthState } from '../../platform/auth.js';
import type { AppDeps, RequestMeta } from '../../platform/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { hashPassword, passwordProblem } from '../../platform/passwords.js';
import { cancelLinks, checkCurrentPassword, queueEmailChangedNotice, rotateSession } from '../auth/auth.service.js';
import {
  findUserByEmail,
  findUserById,
  profileColumns,
  toUserDto,
  updateProfile,
  updateUser,
  userColumns,
} from '../users/users.repository.js';

/**
 * A new password ends every other session and every outstanding link, and moves this sign-in to a new
 * session id: whoever copied a token before the change is out.
 */
export async function changePassword(deps: AppDeps, auth: AuthState, body: ChangePasswordBody, meta: RequestMeta) {
  const { user } = auth;
  await checkCurrentPassword(deps, auth, body.current_password, meta);
  if (body.new_password !== body.new_password_confirmation) {
    throw badRequest(messages.auth.passwordMismatch, { new_password_confirmation: messages.auth.passwordMismatch });
  }
  const problem = passwordProblem(body.new_password, user.email);
  if (problem) throw badRequest(problem, { new_password: problem });
  const passwordHash = await hashPassword(body.new_password);
  return deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    const session = await rotateSession(deps, tx, auth, meta);
    await cancelLinks(tx, user.id);
    await audit(tx, meta, {
      action: 'password_changed',
      entity: 'user',
      entityId: user.id,
      firmId: user.profile?.firmId,
      changes: { password: true },
    });
    return session;
  });
}

/** The old address is told, so a hijacked session cannot quietly take the account over. */
export async function changeEmail(deps: AppDeps, auth: AuthState, email: string, meta: RequestMeta) {
  const { user } = auth;
  if (email.toLowerCase() !== user.email.toLowerCase()) {
    const taken = await findUserByEmail(deps.db, email);
    if (taken) throw conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });
  }
  try {
    await deps.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { email });
      if (email !== user.email) await cancelLinks(tx, user.id);
      await audit(tx, meta, {
        action: 'email_changed',
        entity: 'user',
        entityId: user.id,
        firmId: user.profile?.firmId,
        changes: { email: { from: user.email, to: email } },
      });
      if (email !== user.email) await queueEmailChangedNotice(tx, user.email, email);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });
    throw err;
  }
  deps.mailer.kick();
  const fresh = await findUserById(deps.db, user.id);
  return { token: await deps.tokens.sign(user.id, auth.sessionId, auth.origIat), user: toUserDto(fresh ?? user) };
}

type Loose = Record<string, unknown>;

/**
 * The client sends the whole user back. Personal fields are stored; any other field must equal what
 * is stored (a read-only echo) or the request is refused: a change the caller may not make is never
 * silently dropped.
 */
export async function updatePersonalInfo(
  deps: AppDeps,
  auth: AuthState,
  id: number,
  body: UpdatePersonalInfoBody,
  meta: RequestMeta,
): Promise<User> {
  const target = await findUserById(deps.db, id);
  const actor = auth.actor;
  const visible =
    target && (isSuperAdmin(actor) || target.id === actor.id || target.profile?.firmId === actor.profile._firm);
  if (!target || !visible) throw notFound();
  const current = toUserDto(target);
  if (!canUpdatePersonalInfo(actor, current)) throw forbidden(messages.settings.notYourAccount);

  const userChanges = pickChanges(body as Loose, current as unknown as Loose, userColumns, '');
  const profileChanges = pickChanges(
    (body.profile ?? {}) as Loose,
    current.profile as unknown as Loose,
    profileColumns,
    'profile.',
  );
  const changed = { ...userChanges.changed, ...profileChanges.changed };
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, id, userChanges.values);
    await updateProfile(tx, id, profileChanges.values);
    await audit(tx, meta, {
      action: 'update',
      entity: 'user',
      entityId: id,
      firmId: target.profile?.firmId,
      changes: changed,
    });
  });
  const fresh = await findUserById(deps.db, id);
  return toUserDto(fresh ?? target);
}

function pickChanges(body: Loose, current: Loose, columns: Record<string, string>, prefix: string) {
  const values: Record<string, unknown> = {};
  const changed: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(body)) {
    if (raw === undefined || (prefix === '' && key === 'profile')) continue;
    const value = raw === '' ? null : raw;
    const column = columns[key];
    if (!column) {
      if (key in current && !sameValue(current[key], raw))
        throw forbidden(messages.settings.forbiddenField(`${prefix}${key}`));
      continue;
    }
    if (!sameValue(current[key], value)) {
      values[column] = value;
      changed[`${prefix}${key}`] = value;
    }
  }
  return { values, changed };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
