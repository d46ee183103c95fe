import { type Actor, isFirmAdmin, isSuperAdmin, sameFirm, type UserTarget } from './permissions.js';

/**
 * A firm's two-factor policy:
 * - `required`: administrators, CCOs and investments users need a second factor (the default);
 * - `optional`: a second factor is each person's choice;
 * - `demo`: the demo firms, whose accounts sign in with the password alone.
 * Super administrators and super CCOs always need one, except in a `demo` firm. Only a super
 * administrator edits firms (and the demo seed sets `demo`), so no firm administrator can exempt
 * their own firm.
 */
export const TWO_FACTOR_POLICIES = ['required', 'optional', 'demo'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

/** A person without a firm (a super administrator) is held to the strictest policy. */
export const NO_FIRM_POLICY: TwoFactorPolicy = 'required';

/**
 * The policy a sign-in applies: `demo` only where the server allows it (ALLOW_DEMO_SIGN_IN, off in
 * production); elsewhere a `demo` firm is held to `required`.
 */
export function effectivePolicy(policy: TwoFactorPolicy, demoAllowed: boolean): TwoFactorPolicy {
  return policy === 'demo' && !demoAllowed ? 'required' : policy;
}

export function needsSecondFactor(a: Actor, policy: TwoFactorPolicy): boolean {
  if (policy === 'demo') return false;
  if (a.profile.is_super_admin || a.profile.is_super_cco) return true;
  if (policy === 'optional') return false;
  return isFirmAdmin(a) || a.profile.is_cco || a.profile.is_investments_user;
}

/**
 * An administrator resets another person's factors (a lost phone): a firm administrator their own
 * firm's people, a super administrator anyone; a super account only by a super administrator.
 */
export function canResetTwoFactor(a: Actor, t: UserTarget): boolean {
  if (a.id === t.id) return false;
  if (isSuperAdmin(a)) return true;
  if (t.profile.is_super_admin || t.profile.is_super_cco) return false;
  return isFirmAdmin(a) && sameFirm(a, t.profile._firm);
}
