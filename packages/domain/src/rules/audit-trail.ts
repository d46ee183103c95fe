import { isCco } from './attestations.js';
import { type Actor, isFirmAdmin, isStaff, isSuperAdmin } from './permissions.js';

/**
 * The audit trail is read by those who answer for a firm's records: its CCOs and
 * administrators (their firm's events) and super accounts (every firm's, and the platform's own
 * events that belong to no firm). A super CCO reviews every firm's compliance records, so reads every
 * firm's trail too.
 */
export const canReadAuditTrail = (a: Actor) => isStaff(a) && (isSuperAdmin(a) || isFirmAdmin(a) || isCco(a));

export const seesEveryFirmsAuditTrail = (a: Actor) => isSuperAdmin(a) || a.profile.is_super_cco === true;

/**
 * The chain is one for the whole portal (a firm's events are links of it), so its check says something
 * about every firm: it is run by super administrators and by CCOs, whose examiners ask for it. It
 * reveals no event, only whether the chain holds, how many events it has and the first one that breaks.
 */
export const canVerifyAuditTrail = (a: Actor) => isStaff(a) && (isSuperAdmin(a) || isCco(a));

/**
 * Who an event names as its actor when no one signed in caused it: a request nobody signed in made
 * (the event keeps the request's client address) is anonymous; the platform's own work (a job, the
 * command line) has no client and is the system.
 */
export const auditActorKind = (e: { actor_id: number | null; ip: string | null }) =>
  e.actor_id !== null ? 'person' : e.ip !== null ? 'anonymous' : 'system';
