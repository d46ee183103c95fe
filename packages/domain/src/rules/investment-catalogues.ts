import { type Actor, isAdvisor, isClient, isFirmAdmin, isSuperAdmin, sameFirm } from './permissions.js';

/**
 * The catalogues of models and fee schedules and the firms they are offered to:
 * investments users and administrators keep their firm's, a super admin every firm's; advisors read
 * the entries of their firm that are theirs or shared (no advisor named); nobody else sees them.
 */
export const canManageCatalogues = (a: Actor) =>
  isSuperAdmin(a) || (!isClient(a) && (isFirmAdmin(a) || a.profile.is_investments_user));

export const canReadCatalogues = (a: Actor) => canManageCatalogues(a) || isAdvisor(a);

/** Writing an entry of `firmId` (or offering one to it): one's own firm, or any for a super admin. */
export const canManageCataloguesOf = (a: Actor, firmId: number) =>
  canManageCatalogues(a) && (isSuperAdmin(a) || sameFirm(a, firmId));

/**
 * Whose advisor entries a caller may ask for by advisor id: managers anyone's in their reach, an
 * advisor only their own (an advisor's strategy form offers only theirs and the firm's shared ones).
 */
export const canAskForAdvisorEntries = (a: Actor, advisorId: number) =>
  canManageCatalogues(a) || (isAdvisor(a) && a.id === advisorId);
