import {
  type Actor,
  canDeleteUser,
  canEditUser,
  canListAdvisors,
  canManageUsers,
  canSetUserField,
  canViewUser,
  isAdvisor,
  isFirmAdmin,
  isSuperAccount,
  isSuperAdmin,
  messages,
  ProfileType,
  type User,
  type UserFormField,
  type UserListQuery,
  type UserWriteBody,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import type { AuthState } from '../../platform/auth.js';
import type { AppDeps, RequestMeta } from '../../platform/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors.js';
import { parseOrdering } from '../../platform/pagination.js';
import { cancelLinks, queueActivationMail, queueEmailChangedNotice, revokeAccess } from '../auth/auth.service.js';
import { findFirm } from '../firms/firms.repository.js';
import {
  emailTaken,
  findUserById,
  insertUser,
  listUsers,
  toUserDto,
  type UserRecord,
  type UserSortKey,
  updateProfile,
  updateUser,
} from './users.repository.js';

const userMessages = messages.users;

/** Every field of the user form: where it is stored and which permission, if any, guards it. */
const FORM: { api: string; on: 'user' | 'profile'; column: string; guard?: UserFormField }[] = [
  { api: 'salutation', on: 'user', column: 'salutation' },
  { api: 'first_name', on: 'user', column: 'firstName' },
  { api: 'middle_name', on: 'user', column: 'middleName' },
  { api: 'last_name', on: 'user', column: 'lastName' },
  { api: 'suffix', on: 'user', column: 'suffix' },
  { api: 'email', on: 'user', column: 'email' },
  { api: 'is_admin', on: 'user', column: 'isAdmin', guard: 'is_admin' },
  { api: 'is_active', on: 'user', column: 'isActive', guard: 'is_active' },
  { api: 'advisor', on: 'user', column: 'advisorId', guard: 'advisor' },
  { api: '_firm', on: 'profile', column: 'firmId', guard: 'profile._firm' },
  { api: 'profile_type', on: 'profile', column: 'profileType', guard: 'profile.profile_type' },
  ...(
    [
      ['is_cco', 'isCco'],
      ['is_super_cco', 'isSuperCco'],
      ['is_super_admin', 'isSuperAdmin'],
      ['is_manager', 'isManager'],
      ['is_investments_user', 'isInvestmentsUser'],
      ['is_exhibit_b_investor_profile_form_user', 'isExhibitBInvestorProfileFormUser'],
      ['is_using_fidelity', 'isUsingFidelity'],
      ['is_using_national_advisors_trust', 'isUsingNationalAdvisorsTrust'],
      ['is_using_schwab', 'isUsingSchwab'],
      ['is_using_td_ameritrade', 'isUsingTdAmeritrade'],
    ] as const
  ).map(([api, column]) => ({ api, on: 'profile' as const, column, guard: `profile.${api}` as UserFormField })),
  ...(
    [
      ['title', 'title'],
      ['company', 'company'],
      ['department', 'department'],
      ['phone', 'phone'],
      ['phone_extension', 'phoneExtension'],
      ['mobile_phone', 'mobilePhone'],
      ['fax', 'fax'],
      ['address_line_1', 'addressLine1'],
      ['address_line_2', 'addressLine2'],
      ['city', 'city'],
      ['state', 'state'],
      ['zip', 'zip'],
      ['country', 'country'],
    ] as const
  ).map(([api, column]) => ({ api, on: 'profile' as const, column })),
];
const READ_ONLY = ['id', 'last_login', 'created_by'];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const norm = (v: unknown) => (v === '' ? null : v);

interface FormResult {
  user: Record<string, unknown>;
  profile: Record<string, unknown>;
  changed: Record<string, unknown>;
}

/**
 * Turns a user-form body into column values against `current` (the stored user, or the defaults of a
 * new one). A guarded field the caller may not set must equal `current`, else 403: never dropped silently.
 */
function readForm(actor: Actor, body: UserWriteBody, current: User, forced: UserFormField[] = []): FormResult {
  const out: FormResult = { user: {}, profile: {}, changed: {} };
  const sources = { user: body as Record<string, unknown>, profile: (body.profile ?? {}) as Record<string, unknown> };
  const stored = {
    user: current as unknown as Record<string, unknown>,
    profile: current.profile as unknown as Record<string, unknown>,
  };
  for (const f of FORM) {
    if (!(f.api in sources[f.on]) || sources[f.on][f.api] === undefined) continue;
    if (f.guard && forced.includes(f.guard)) continue;
    const value = norm(sources[f.on][f.api]);
    if (same(value, stored[f.on][f.api])) continue;
    if (f.guard && !canSetUserField(actor, f.guard))
      throw forbidden(messages.settings.forbiddenField(f.on === 'profile' ? `profile.${f.api}` : f.api));
    out[f.on][f.column] = value;
    out.changed[f.on === 'profile' ? `profile.${f.api}` : f.api] = value;
  }
  for (const key of READ_ONLY) {
    if (key in sources.user && sources.user[key] !== undefined && !same(sources.user[key], stored.user[key])) {
      throw forbidden(messages.settings.forbiddenField(key));
    }
  }
  return out;
}

/** What a new user looks like before the form is applied: nothing set, inactive. */
function blankUser(): User {
  return toUserDto({
    id: 0,
    email: '',
    passwordHash: null,
    firstName: null,
    middleName: null,
    lastName: null,
    suffix: null,
    salutation: null,
    isActive: false,
    isAdmin: false,
    lastLogin: null,
    advisorId: null,
    createdById: null,
    deactivatedAt: null,
    deletedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    profile: null,
  });
}

async function assertAdvisorOfFirm(ex: Executor, advisorId: unknown, firmId: unknown) {
  if (advisorId == null) return;
  const advisor = await findUserById(ex, Number(advisorId));
  if (!advisor || advisor.profile?.profileType !== ProfileType.FinancialAdvisor || advisor.profile.firmId !== firmId) {
    throw badRequest(userMessages.advisorInvalid, { advisor: userMessages.advisorInvalid });
  }
}

export async function create(deps: AppDeps, auth: AuthState, body: UserWriteBody, notify: boolean, meta: RequestMeta) {
  const actor = auth.actor;
  if (!canManageUsers(actor)) throw forbidden();
  // Spec 000 §4: an advisor's new user is their client in their firm; an administrator's is in theirs,
  // whatever the body says for those fields.
  const advisorCreating = isAdvisor(actor) && !isFirmAdmin(actor);
  const forced: UserFormField[] = advisorCreating
    ? ['profile._firm', 'profile.profile_type', 'advisor']
    : isSuperAdmin(actor)
      ? []
      : ['profile._firm'];
  const form = readForm(actor, body, blankUser(), forced);
  if (advisorCreating) {
    Object.assign(form.profile, { profileType: ProfileType.Client, firmId: actor.profile._firm });
    form.user.advisorId = actor.id;
  } else if (!isSuperAdmin(actor)) {
    form.profile.firmId = actor.profile._firm;
  }
  if (form.profile.firmId == null)
    throw badRequest(userMessages.firmRequired, { 'profile._firm': userMessages.firmRequired });
  if (!(await findFirm(deps.db, Number(form.profile.firmId))))
    throw badRequest(userMessages.firmUnknown, { 'profile._firm': userMessages.firmUnknown });
  if (form.profile.profileType == null) {
    throw badRequest(userMessages.profileTypeRequired, { 'profile.profile_type': userMessages.profileTypeRequired });
  }
  await assertAdvisorOfFirm(deps.db, form.user.advisorId, form.profile.firmId);
  if (await emailTaken(deps.db, body.email))
    throw conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });

  try {
    const user = await deps.db.transaction(async (tx) => {
      const created = await insertUser(
        tx,
        { ...(form.user as object), email: body.email, isActive: false, passwordHash: null, createdById: actor.id },
        form.profile,
      );
      await audit(tx, meta, {
        action: 'create',
        entity: 'user',
        entityId: created.id,
        firmId: created.profile?.firmId,
        changes: form.changed,
      });
      if (notify) await queueActivationMail(deps, tx, created);
      return created;
    });
    if (notify) deps.mailer.kick();
    return toUserDto(user);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });
    throw err;
  }
}

/** A user outside the caller's reach is absent (404); one they may see but not change is 403. */
async function reachable(deps: AppDeps, actor: Actor, id: number): Promise<UserRecord> {
  const target = await findUserById(deps.db, id);
  if (!target || !canViewUser(actor, toUserDto(target))) throw notFound();
  return target;
}

export async function get(deps: AppDeps, actor: Actor, id: number) {
  return toUserDto(await reachable(deps, actor, id));
}

export async function update(deps: AppDeps, auth: AuthState, id: number, body: UserWriteBody, meta: RequestMeta) {
  const actor = auth.actor;
  const target = await reachable(deps, actor, id);
  const current = toUserDto(target);
  if (isSuperAccount(current) && !isSuperAdmin(actor) && actor.id !== id)
    throw forbidden(userMessages.superAccountOnly);
  if (!canEditUser(actor, current)) throw forbidden();
  const form = readForm(actor, body, current);
  if (actor.id === id && form.user.email !== undefined) throw forbidden(userMessages.ownEmailInSettings);
  if (actor.id === id && form.user.isActive === false) throw forbidden(userMessages.cannotDeactivateSelf);
  // "Never activated" and "deactivated" are different states: only the second refuses activation links.
  if (form.user.isActive !== undefined) form.user.deactivatedAt = form.user.isActive ? null : new Date();
  const emailChanged = form.user.email !== undefined;
  const firmId = form.profile.firmId ?? current.profile._firm;
  if (form.profile.firmId !== undefined && !(await findFirm(deps.db, Number(firmId)))) {
    throw badRequest(userMessages.firmUnknown, { 'profile._firm': userMessages.firmUnknown });
  }
  if ('advisorId' in form.user || 'firmId' in form.profile)
    await assertAdvisorOfFirm(deps.db, form.user.advisorId ?? current.advisor, firmId);
  if (form.user.email && (await emailTaken(deps.db, String(form.user.email), id))) {
    throw conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });
  }
  try {
    await deps.db.transaction(async (tx) => {
      await updateUser(tx, id, form.user);
      await updateProfile(tx, id, form.profile);
      if (form.user.isActive === false) await revokeAccess(tx, id);
      if (emailChanged) {
        await cancelLinks(tx, id);
        await queueEmailChangedNotice(tx, current.email, String(form.user.email));
      }
      await audit(tx, meta, {
        action: 'update',
        entity: 'user',
        entityId: id,
        firmId: Number(firmId) || null,
        changes: form.changed,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(messages.settings.emailTaken, { email: messages.settings.emailTaken });
    throw err;
  }
  if (emailChanged) deps.mailer.kick();
  return get(deps, actor, id);
}

/** Soft delete: the person can no longer sign in and leaves every list; what refers to them keeps working. */
export async function remove(deps: AppDeps, auth: AuthState, id: number, meta: RequestMeta) {
  const actor = auth.actor;
  if (id === actor.id) throw forbidden(userMessages.cannotDeleteSelf);
  const target = await reachable(deps, actor, id);
  const current = toUserDto(target);
  if (isSuperAccount(current) && !isSuperAdmin(actor)) throw forbidden(userMessages.superAccountOnly);
  if (!canDeleteUser(actor, current)) throw forbidden();
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, id, { deletedAt: sql`now()` as unknown as Date, isActive: false });
    await revokeAccess(tx, id);
    await audit(tx, meta, {
      action: 'delete',
      entity: 'user',
      entityId: id,
      firmId: current.profile._firm,
      changes: { email: current.email },
    });
  });
}

export async function sendActivationLink(
  deps: AppDeps,
  auth: AuthState,
  id: number,
  generateNewPassword: boolean,
  meta: RequestMeta,
) {
  const actor = auth.actor;
  const target = await reachable(deps, actor, id);
  if (!canManageUsers(actor) || id === actor.id) throw forbidden();
  if (isSuperAccount(toUserDto(target)) && !isSuperAdmin(actor)) throw forbidden(userMessages.superAccountOnly);
  if (target.deactivatedAt) throw conflict(userMessages.deactivatedNoLink);
  await deps.db.transaction(async (tx) => {
    if (generateNewPassword) {
      // The old password stops working; the person chooses a new one through the link.
      await updateUser(tx, id, { passwordHash: null });
      await revokeAccess(tx, id);
    }
    await queueActivationMail(deps, tx, target);
    await audit(tx, meta, {
      action: 'activation_link_sent',
      entity: 'user',
      entityId: id,
      firmId: target.profile?.firmId,
      changes: { password: generateNewPassword },
    });
  });
  deps.mailer.kick();
  return { detail: userMessages.activationSent };
}

/** The caller's reach as a list scope: all, a firm, an advisor's clients, or oneself. */
function scopeOf(actor: Actor): { firmId?: number | null; advisorId?: number; userId?: number } {
  if (isSuperAdmin(actor)) return {};
  if (isFirmAdmin(actor)) return { firmId: actor.profile._firm };
  if (isAdvisor(actor)) return { firmId: actor.profile._firm, advisorId: actor.id };
  return { userId: actor.id };
}

export async function list(deps: AppDeps, actor: Actor, q: UserListQuery, view?: 'FIRM_USERS' | 'ADVISOR_CLIENTS') {
  const { key, desc } = parseOrdering<UserSortKey>(q.ordering);
  const listView = view ?? q.listView;
  const scope = scopeOf(actor);
  // Only a super admin chooses the firm; everyone else is held to their own by the scope.
  const firmId = isSuperAdmin(actor) ? q.firm : undefined;
  const advisorId = listView === 'ADVISOR_CLIENTS' ? (q.user ?? (isAdvisor(actor) ? actor.id : undefined)) : q.user;
  if (listView === 'FIRM_USERS' && isSuperAdmin(actor) && firmId === undefined) scope.firmId = actor.profile._firm;
  return listUsers(deps.db, {
    scope,
    firmId,
    profileType: q.profileTypeTk,
    advisorId,
    search: q.search,
    status: q.status,
    sort: key,
    desc,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  });
}

/** Advisors (profile type 2) of a firm, for the advisor dropdowns; `activeOnly` for firm_advisors. */
export async function advisorsOf(deps: AppDeps, actor: Actor, firmId: number, activeOnly: boolean) {
  if (!(await findFirm(deps.db, firmId)) || (!isSuperAdmin(actor) && actor.profile._firm !== firmId)) throw notFound();
  if (!canListAdvisors(actor, firmId)) throw forbidden();
  const { rows, count } = await listUsers(deps.db, {
    scope: { firmId },
    profileType: ProfileType.FinancialAdvisor,
    status: activeOnly ? 'active' : 'all',
    sort: 'last_name',
    desc: false,
    limit: 500,
    offset: 0,
  });
  return { count, results: rows };
}
