import type { CustodianFlag } from '../config/links.js';

/**
 * Who may do what. Pure functions of the signed-in user and the target; the server enforces them on
 * every route and the web uses the same functions to show menus and fields.
 */
export const ProfileType = {
  Administrator: 1,
  FinancialAdvisor: 2,
  StandardUser: 3,
  Client: 4,
  Manager: 5,
} as const;

export interface Actor {
  id: number;
  is_admin: boolean;
  profile: {
    _firm: number | null;
    profile_type: number | null;
    is_super_admin: boolean;
    is_cco: boolean;
    is_super_cco: boolean;
    is_investments_user: boolean;
    is_manager: boolean;
    /** Named by the firm's administrators to answer its support cases. */
    is_support_handler?: boolean;
  } & Partial<Record<CustodianFlag, boolean>>;
}

/**
 * What the rules about a user read of the target: a whole user or a row of the users list (which carries
 * these fields for its row actions). The super flags are required so a shape that lacks them cannot
 * slip past the super-account guard.
 */
export interface UserTarget {
  id: number;
  advisor: number | null;
  profile: { _firm: number | null; is_super_admin: boolean; is_super_cco: boolean };
}

/** A super administrator's or super CCO's account reaches every firm: only a super admin changes it. */
export const isSuperAccount = (t: UserTarget) => Boolean(t.profile.is_super_admin || t.profile.is_super_cco);
const superAccountGuard = (a: Actor, t: UserTarget) => !isSuperAccount(t) || isSuperAdmin(a) || a.id === t.id;

export const isSuperAdmin = (a: Actor) => a.profile.is_super_admin;
export const isFirmAdmin = (a: Actor) =>
  a.is_admin || a.profile.profile_type === ProfileType.Administrator || isSuperAdmin(a);
export const isAdvisor = (a: Actor) => a.profile.profile_type === ProfileType.FinancialAdvisor;
export const isClient = (a: Actor) => a.profile.profile_type === ProfileType.Client;
export const isStaff = (a: Actor) => !isClient(a);
export const sameFirm = (a: Actor, firmId: number | null) => firmId !== null && a.profile._firm === firmId;

/** A super admin sees every user; a firm admin their firm; an advisor their own clients; anyone else only themself. */
export function canViewUser(a: Actor, t: UserTarget): boolean {
  if (a.id === t.id || isSuperAdmin(a)) return true;
  if (isFirmAdmin(a)) return sameFirm(a, t.profile._firm);
  if (isAdvisor(a)) return t.advisor === a.id && sameFirm(a, t.profile._firm);
  return false;
}

/** Editing another person's account fields is for those who may see them and manage users. */
export function canEditUser(a: Actor, t: UserTarget): boolean {
  return canViewUser(a, t) && (a.id === t.id || canManageUsers(a)) && superAccountGuard(a, t);
}

export const canManageUsers = (a: Actor) => isFirmAdmin(a) || isAdvisor(a);
export const canManageFirms = (a: Actor) => isSuperAdmin(a);

/** Settings → Profile: one's own record, or an administrator acting for a user of their firm. */
export function canUpdatePersonalInfo(a: Actor, t: UserTarget): boolean {
  if (a.id === t.id || isSuperAdmin(a)) return true;
  return isFirmAdmin(a) && sameFirm(a, t.profile._firm) && superAccountGuard(a, t);
}

/** User-form fields a caller may set; anything else they send must match what is stored. */
export type UserFormField =
  | 'profile.is_super_admin'
  | 'profile.is_super_cco'
  | 'profile._firm'
  | 'profile.profile_type'
  | 'advisor'
  | 'is_admin'
  | 'is_active'
  | 'profile.is_cco'
  | 'profile.is_manager'
  | 'profile.is_investments_user'
  | 'profile.is_support_handler'
  | 'profile.is_exhibit_b_investor_profile_form_user'
  | 'profile.is_using_fidelity'
  | 'profile.is_using_national_advisors_trust'
  | 'profile.is_using_schwab'
  | 'profile.is_using_td_ameritrade';

const clientFields: UserFormField[] = [
  'profile.is_exhibit_b_investor_profile_form_user',
  'profile.is_using_fidelity',
  'profile.is_using_national_advisors_trust',
  'profile.is_using_schwab',
  'profile.is_using_td_ameritrade',
];
const adminFields: UserFormField[] = [
  ...clientFields,
  'profile.profile_type',
  'advisor',
  'is_admin',
  'is_active',
  'profile.is_cco',
  'profile.is_manager',
  'profile.is_investments_user',
  'profile.is_support_handler',
];
const superFields: UserFormField[] = [
  ...adminFields,
  'profile._firm',
  'profile.is_super_admin',
  'profile.is_super_cco',
];

export function userFieldsFor(a: Actor): ReadonlySet<UserFormField> {
  if (isSuperAdmin(a)) return new Set(superFields);
  if (isFirmAdmin(a)) return new Set(adminFields);
  if (isAdvisor(a)) return new Set([...clientFields, 'is_active']);
  return new Set();
}

export const canSetUserField = (a: Actor, field: UserFormField) => userFieldsFor(a).has(field);

/** Deleting: whoever may manage the person, never oneself. */
export const canDeleteUser = (a: Actor, t: UserTarget) =>
  a.id !== t.id && canManageUsers(a) && canViewUser(a, t) && superAccountGuard(a, t);

/**
 * Cancelling an account's pending invitation (its mailed activation link): the same people as sending
 * that link, that is whoever manages the person (a super account only by a super admin), never oneself.
 */
export const canCancelInvitation = (a: Actor, t: UserTarget) =>
  a.id !== t.id && canManageUsers(a) && canViewUser(a, t) && superAccountGuard(a, t);

/**
 * Ending every session of a person: an administrator for the people of their firm, a super
 * admin for anyone; a super account only by a super admin; never oneself (Settings → Sessions is for that).
 */
export const canEndSessionsOf = (a: Actor, t: UserTarget) =>
  a.id !== t.id && isFirmAdmin(a) && canViewUser(a, t) && superAccountGuard(a, t);

/** Advisor lists of a firm: its staff and super admins. */
export const canListAdvisors = (a: Actor, firmId: number) => isSuperAdmin(a) || (isStaff(a) && sameFirm(a, firmId));

/** Everyone on the staff reads the staff directory; clients do not. */
export const canReadDirectory = (a: Actor) => isStaff(a);
/** Only managers (and a super admin, over every firm) edit and remove directory entries. */
export const canEditDirectory = (a: Actor) => isStaff(a) && (a.profile.is_manager === true || isSuperAdmin(a));
