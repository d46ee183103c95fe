import {
  type Actor,
  canCancelInvitation,
  canDeleteUser,
  canEditUser,
  canEndSessionsOf,
  canListAdvisors,
  canManageUsers,
  canUpdatePersonalInfo,
  type EndedSessions,
  isAdvisor,
  isFirmAdmin,
  isSuperAccount,
  isSuperAdmin,
  messages,
  ProfileType,
  personalFields,
  type UpdatePersonalInfoBody,
  type User,
  type UserListQuery,
  type UserWriteBody,
  unscoped,
} from '@portal/domain';
import type { Executor } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import type { AppDeps, Ctx } from '../../platform/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { answerKey, keptAnswer } from '../../platform/list.js';
import {
  accountById,
  accountEmailTaken,
  accountInScope,
  accountListReads,
  accountWire,
  deleteAccount,
  insertAccount,
  listAccounts,
  type UserListShape,
  type UserRecord,
  updateAccount,
  updateAccountProfile,
  userEntity,
} from '../accounts/accounts.service.js';
import {
  assertEmailChangeAllowed,
  cancelEmailChange,
  cancelLinks,
  endAllSessions,
  endPassword,
  queueActivationMail,
  queueEmailChangedNotice,
  queueEmailChangeLink,
  queueResetLinkMail,
  revokeAccess,
} from '../auth/auth.service.js';
import { firmExists } from '../firms/firms.service.js';

const m = messages.users;

const emailTakenError = () => conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });

/** A user outside the caller's reach is absent (404); one they may see but not change is 403. */
async function reachable(ctx: Ctx, id: number): Promise<UserRecord> {
  const target = await accountInScope(ctx.deps.db, ctx.scope('users'), id);
  if (!target) throw notFound();
  return target;
}

/** A super admin's or super CCO's account reaches every firm: only a super admin changes it. */
function guardSuperAccount(actor: Actor, target: User) {
  if (isSuperAccount(target) && !isSuperAdmin(actor) && actor.id !== target.id) throw forbidden(m.superAccountOnly);
}

async function assertFirm(deps: AppDeps, firmId: unknown) {
  if (firmId == null) throw badRequest(m.firmRequired, { 'profile._firm': m.firmRequired });
  if (!(await firmExists(deps, Number(firmId)))) throw badRequest(m.firmUnknown, { 'profile._firm': m.firmUnknown });
}

async function assertAdvisorOfFirm(ex: Executor, advisorId: unknown, firmId: unknown) {
  if (advisorId == null) return;
  const advisor = await accountById(ex, Number(advisorId));
  if (!advisor || advisor.profile?.profileType !== ProfileType.FinancialAdvisor || advisor.profile.firmId !== firmId) {
    throw badRequest(m.advisorInvalid, { advisor: m.advisorInvalid });
  }
}

export async function create(ctx: Ctx, body: UserWriteBody, notify: boolean) {
  const { actor, deps } = ctx;
  if (!canManageUsers(actor)) throw forbidden();
  // An advisor's new user is their client in their firm; an administrator's is in theirs,
  // whatever the body says for those fields.
  const advisorCreating = isAdvisor(actor) && !isFirmAdmin(actor);
  const forced = advisorCreating ? ['_firm', 'profile_type', 'advisor'] : isSuperAdmin(actor) ? [] : ['_firm'];
  const { columns, changed } = userEntity.changes(actor, body, userEntity.blank(), { forced });
  const user = columns[''] ?? {};
  const profile = columns.profile ?? {};
  if (advisorCreating) {
    Object.assign(profile, { profileType: ProfileType.Client, firmId: actor.profile._firm });
    user.advisorId = actor.id;
  } else if (!isSuperAdmin(actor)) {
    profile.firmId = actor.profile._firm;
  }
  await assertFirm(deps, profile.firmId);
  if (profile.profileType == null) {
    throw badRequest(m.profileTypeRequired, { 'profile.profile_type': m.profileTypeRequired });
  }
  await assertAdvisorOfFirm(deps.db, user.advisorId, profile.firmId);
  if (await accountEmailTaken(deps.db, body.email)) throw emailTakenError();

  try {
    const created = await writeAudited(deps.db, ctx.meta, async (tx, record) => {
      const row = await insertAccount(
        tx,
        { ...(user as object), email: body.email, isActive: false, passwordHash: null, createdById: actor.id },
        profile,
      );
      record({
        action: 'create',
        entity: 'user',
        entityId: row.id,
        firmId: row.profile?.firmId,
        changes: userEntity.auditOf(changed),
      });
      if (notify) await queueActivationMail(deps, tx, row);
      return row;
    });
    if (notify) deps.mailer.kick();
    // Read back: what the creation derived (a pending invitation when the mail went) is in the answer.
    return accountWire((await accountById(deps.db, created.id)) ?? created);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
}

export async function get(ctx: Ctx, id: number) {
  return accountWire(await reachable(ctx, id));
}

export async function update(ctx: Ctx, id: number, body: UserWriteBody) {
  const { actor, deps } = ctx;
  const target = await reachable(ctx, id);
  const current = accountWire(target);
  guardSuperAccount(actor, current);
  if (!canEditUser(actor, current)) throw forbidden();
  const { columns, changed } = userEntity.changes(actor, body, current);
  const user = columns[''] ?? {};
  const profile = columns.profile ?? {};
  if (actor.id === id && user.email !== undefined) throw forbidden(m.ownEmailInSettings);
  if (actor.id === id && user.isActive === false) throw forbidden(m.cannotDeactivateSelf);
  // "Never activated" and "deactivated" are different states: only the second refuses activation links.
  if (user.isActive !== undefined) user.deactivatedAt = user.isActive ? null : new Date();
  const firmId = 'firmId' in profile ? profile.firmId : current.profile._firm;
  if ('firmId' in profile) await assertFirm(deps, firmId);
  if ('profileType' in profile && profile.profileType == null) {
    throw badRequest(m.profileTypeRequired, { 'profile.profile_type': m.profileTypeRequired });
  }
  if ('advisorId' in user || 'firmId' in profile)
    await assertAdvisorOfFirm(deps.db, user.advisorId ?? current.advisor, firmId);
  const newEmail = user.email === undefined ? undefined : String(user.email);
  if (newEmail !== undefined && (await accountEmailTaken(deps.db, newEmail, id))) throw emailTakenError();
  // An account in use keeps its address until its owner proves the new one (the link asks for their
  // password): whoever edits a user cannot point the account at an address they control. A never-
  // activated account's address is only what was typed anyway: it changes now, and its activation
  // link, mailed to the new address, proves it.
  const pendingEmail = newEmail !== undefined && hasBeenActivated(target) ? newEmail : undefined;
  if (pendingEmail !== undefined) {
    // A deactivated account's links are revoked: a change asked for now would outlive that.
    const deactivated = user.isActive === false || (target.deactivatedAt !== null && user.isActive !== true);
    if (deactivated) throw conflict(m.deactivatedNoEmailChange, { email: m.deactivatedNoEmailChange });
    await assertEmailChangeAllowed(deps, id, pendingEmail);
    delete user.email;
  }
  const changes = userEntity.auditOf(changed, current);
  if (pendingEmail !== undefined) {
    delete changes.email;
    changes.pending_email = { from: current.pending_email, to: pendingEmail };
  }
  try {
    await writeAudited(deps.db, ctx.meta, async (tx, record) => {
      await updateAccount(tx, id, user);
      await updateAccountProfile(tx, id, profile);
      if (user.isActive === false) await revokeAccess(tx, id);
      if (pendingEmail !== undefined) {
        await queueEmailChangeLink(deps, tx, { user: target, newEmail: pendingEmail, requestedBy: actorRecord(ctx) });
      } else if (newEmail !== undefined) {
        await cancelLinks(tx, id);
        await queueEmailChangedNotice(tx, current.email, newEmail);
      }
      record({ action: 'update', entity: 'user', entityId: id, firmId: Number(firmId) || null, changes });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
  if (newEmail !== undefined) deps.mailer.kick();
  return get(ctx, id);
}

/**
 * Settings → Profile. The client sends the whole user back: its personal fields are stored; any other
 * field must equal what is stored (a read-only echo) or the request is refused, never silently dropped.
 */
export async function updatePersonalInfo(ctx: Ctx, id: number, body: UpdatePersonalInfoBody): Promise<User> {
  const { actor, deps } = ctx;
  // Anyone of the caller's firm is found here (another firm's is absent); whether the caller may change
  // them is the permission's answer: 403 for a colleague, allowed to the firm's administrator.
  const visible =
    id === actor.id ? await accountById(deps.db, id) : await accountInScope(deps.db, ctx.scope('firms'), id);
  if (!visible) throw notFound();
  const current = accountWire(visible);
  if (!canUpdatePersonalInfo(actor, current)) {
    // Only those who manage the firm's people learn why; anyone else is not told who is a super account.
    throw forbidden(
      isFirmAdmin(actor) && isSuperAccount(current) ? m.superAccountOnly : messages.settings.notYourAccount,
    );
  }
  const { columns, changed } = userEntity.changes(actor, body, current, {
    allowed: (wire) => personalFields.has(wire),
  });
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await updateAccount(tx, id, columns[''] ?? {});
    await updateAccountProfile(tx, id, columns.profile ?? {});
    record({
      action: 'update',
      entity: 'user',
      entityId: id,
      firmId: current.profile._firm,
      changes: userEntity.auditOf(changed, current),
    });
  });
  return accountWire((await accountById(deps.db, id)) ?? visible);
}

/** Soft delete: the person can no longer sign in and leaves every list; what refers to them keeps working. */
export async function remove(ctx: Ctx, id: number) {
  const { actor, deps } = ctx;
  if (id === actor.id) throw forbidden(m.cannotDeleteSelf);
  const current = accountWire(await reachable(ctx, id));
  guardSuperAccount(actor, current);
  if (!canDeleteUser(actor, current)) throw forbidden();
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await deleteAccount(tx, id);
    await revokeAccess(tx, id);
    record({
      action: 'delete',
      entity: 'user',
      entityId: id,
      firmId: current.profile._firm,
      changes: { email: current.email },
    });
  });
}

export async function sendActivationLink(ctx: Ctx, id: number, generateNewPassword: boolean) {
  const { actor, deps } = ctx;
  const target = await reachable(ctx, id);
  if (!canManageUsers(actor) || id === actor.id) throw forbidden();
  guardSuperAccount(actor, accountWire(target));
  if (target.deactivatedAt) throw conflict(m.deactivatedNoLink);
  // Only a never-activated account gets an activation link. An account in use gets a password reset link
  // at the address it has proven: nobody but its owner chooses its password, whoever sends the link.
  const activated = hasBeenActivated(target);
  const endsPassword = generateNewPassword && activated;
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    // The old password stops working; the person chooses a new one through the link.
    if (endsPassword) await endPassword(tx, id);
    if (activated)
      await queueResetLinkMail(deps, tx, target, endsPassword ? 'administrator_ended_password' : 'administrator');
    else await queueActivationMail(deps, tx, target);
    record({
      action: endsPassword
        ? 'password_ended_reset_link_sent'
        : activated
          ? 'password_reset_link_sent'
          : 'activation_link_sent',
      entity: 'user',
      entityId: id,
      firmId: target.profile?.firmId,
    });
  });
  deps.mailer.kick();
  return { detail: endsPassword ? m.passwordEndedLinkSent : activated ? m.resetLinkSent : m.activationSent };
}

/** An account someone has signed in to, or set a password of through a mailed link, at some time. */
const hasBeenActivated = (u: UserRecord) =>
  u.emailVerifiedAt !== null || u.passwordHash !== null || u.lastLogin !== null;

/** The acting person as an address change names them to the account's owner. */
const actorRecord = ({ auth: { actor } }: Ctx) => ({
  id: actor.id,
  email: actor.email,
  firstName: actor.first_name,
  lastName: actor.last_name,
});

/** Withdraws an address change waiting for its owner (a mistyped address, say): its link stops working. */
export async function cancelEmailChangeOf(ctx: Ctx, id: number): Promise<User> {
  const { actor, deps } = ctx;
  const target = accountWire(await reachable(ctx, id));
  guardSuperAccount(actor, target);
  if (!canEditUser(actor, target)) throw forbidden();
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    if (!(await cancelEmailChange(tx, id))) throw conflict(messages.settings.noEmailChangePending);
    record({
      action: 'email_change_cancelled',
      entity: 'user',
      entityId: id,
      firmId: target.profile._firm,
      changes: { pending_email: { from: target.pending_email, to: null } },
    });
  });
  return get(ctx, id);
}

/**
 * Withdraws an invitation: the activation link mailed to a never-activated account stops working.
 * A deactivation cannot do it (the account is not active, so `is_active: false` is an echo), and a
 * deletion is too much when the address was right but the person should not come in yet. The account
 * stays as it is: a new link can be sent later.
 */
export async function cancelInvitation(ctx: Ctx, id: number): Promise<User> {
  const { actor, deps } = ctx;
  const target = accountWire(await reachable(ctx, id));
  guardSuperAccount(actor, target);
  if (!canCancelInvitation(actor, target)) throw forbidden();
  if (!target.invitation_pending) throw conflict(m.noPendingInvitation);
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await revokeAccess(tx, id);
    record({
      action: 'invitation_cancelled',
      entity: 'user',
      entityId: id,
      firmId: target.profile._firm,
      changes: { invitation_pending: false },
    });
  });
  return get(ctx, id);
}

/**
 * An administrator signs a person of their firm out everywhere (a lost laptop, a departure); the
 * password stays, so the person can sign in again.
 */
export async function endSessions(ctx: Ctx, id: number): Promise<EndedSessions> {
  const { actor, deps } = ctx;
  const target = accountWire(await reachable(ctx, id));
  guardSuperAccount(actor, target);
  if (!canEndSessionsOf(actor, target)) throw forbidden();
  const ended = await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    const n = await endAllSessions(tx, id);
    record({
      action: 'sessions_ended',
      entity: 'user',
      entityId: id,
      firmId: target.profile._firm,
      changes: { sessions_ended: n },
    });
    return n;
  });
  return { detail: messages.sessions.userSessionsEnded(ended), ended };
}

/**
 * The user lists: one query, narrowed by the caller's scope and the list's view, answered
 * as the screen's rows or as whole users (`shape`).
 */
export async function list(ctx: Ctx, q: UserListQuery, shape: UserListShape, view?: 'FIRM_USERS' | 'ADVISOR_CLIENTS') {
  const { actor } = ctx;
  const listView = view ?? q.listView;
  // Only a super admin chooses the firm; everyone else is held to their own by the scope.
  let firmId = isSuperAdmin(actor) ? q.firm : undefined;
  if (listView === 'FIRM_USERS' && isSuperAdmin(actor) && firmId === undefined) firmId = actor.profile._firm ?? -1;
  // An advisor's list is their clients (their own record is theirs to see, not to list).
  const ownClients = isAdvisor(actor) && !isFirmAdmin(actor) ? actor.id : undefined;
  const advisorId =
    listView === 'ADVISOR_CLIENTS' ? (q.user ?? (isAdvisor(actor) ? actor.id : undefined)) : (q.user ?? ownClients);
  const scope = ctx.scope('users');
  const filter = {
    firmId,
    profileType: q.profileTypeTk,
    advisorId,
    search: q.search,
    status: q.status,
    ordering: q.ordering,
  };
  const key = answerKey('users', scope, filter, q.page, q.page_size, shape);
  return keptAnswer(
    ctx,
    accountListReads,
    key,
    () => listAccounts(ctx.deps.db, scope, filter, q, shape),
    (answer) => answer.until,
  );
}

/** Advisors (profile type 2) of a firm, for the advisor dropdowns; `activeOnly` for firm_advisors. */
export async function advisorsOf(ctx: Ctx, firmId: number, activeOnly: boolean) {
  const { actor, deps } = ctx;
  if (!(await firmExists(deps, firmId)) || (!isSuperAdmin(actor) && actor.profile._firm !== firmId)) throw notFound();
  if (!canListAdvisors(actor, firmId)) throw forbidden();
  // The firm's staff pick an advisor from this list: the firm, not the caller's user scope, bounds it.
  const { rows, count } = await listAccounts(
    deps.db,
    unscoped('advisor dropdown of a firm the caller belongs to (canListAdvisors)'),
    {
      firmId,
      profileType: ProfileType.FinancialAdvisor,
      status: activeOnly ? 'active' : 'all',
      ordering: 'last_name',
    },
    { page: 1, page_size: 500 },
    'user',
  );
  return { count, rows };
}
