import { canReadAuditTrail, seesEveryFirmsAuditTrail } from './audit-trail.js';
import { type Actor, isAdvisor, isClient, isFirmAdmin, isStaff, isSuperAdmin } from './permissions.js';
import { isSupportHandler } from './support.js';

/** The parts of the portal whose records are owned by a firm and, within it, by people. */
export type Area =
  | 'users'
  | 'firms'
  | 'compliance'
  | 'investments'
  | 'onboarding'
  | 'support'
  | 'directory'
  | 'resources'
  | 'firmContent'
  | 'audit';

/**
 * Whose records an actor may see in an area: which firms, and within those firms whose records.
 * - `firms`: every firm, or a list (empty: none at all).
 * - `people`: everyone's records in those firms; an advisor's book (their clients and themself); or
 *   only the actor's own.
 * Made only by `scopeOf` (or `unscoped` for the platform's own reads), so a repository that takes a
 * `Scope` cannot be handed a hand-made one by mistake.
 */
export interface Scope {
  readonly area: Area | 'system';
  readonly firms: 'all' | readonly number[];
  readonly people: 'all' | { readonly advisorOf: number } | { readonly self: number };
  readonly [brand]: true;
}
declare const brand: unique symbol;

const make = (area: Scope['area'], firms: Scope['firms'], people: Scope['people']) =>
  ({ area, firms, people }) as Scope;

const NONE = (area: Area) => make(area, [], 'all');
const ownFirm = (a: Actor) => (a.profile._firm === null ? [] : [a.profile._firm]);

/**
 * The one answer to "what may this person see here". The server passes it to every repository read;
 * the web decides what to show with the permission functions it is built on (rules/permissions.ts).
 */
export function scopeOf(actor: Actor, area: Area): Scope {
  const firm = ownFirm(actor);
  const self = { self: actor.id };
  switch (area) {
    case 'users':
      if (isSuperAdmin(actor)) return make(area, 'all', 'all');
      if (isFirmAdmin(actor)) return make(area, firm, 'all');
      if (isAdvisor(actor)) return make(area, firm, { advisorOf: actor.id });
      return make(area, firm, self);
    case 'firms':
      // A super CCO reviews every firm's attestations, so filters by every firm.
      return make(area, isSuperAdmin(actor) || actor.profile.is_super_cco ? 'all' : firm, 'all');
    case 'compliance':
      // Supervised persons are staff; a super CCO reviews every firm's records, a CCO their firm's.
      if (isClient(actor)) return NONE(area);
      if (actor.profile.is_super_cco) return make(area, 'all', 'all');
      if (actor.profile.is_cco) return make(area, firm, 'all');
      return make(area, firm, self);
    case 'investments':
      if (isSuperAdmin(actor)) return make(area, 'all', 'all');
      if (isFirmAdmin(actor) || actor.profile.is_investments_user) return make(area, firm, 'all');
      if (isAdvisor(actor)) return make(area, firm, { advisorOf: actor.id });
      return NONE(area);
    case 'onboarding':
      if (isSuperAdmin(actor)) return make(area, 'all', 'all');
      if (isFirmAdmin(actor)) return make(area, firm, 'all');
      if (isAdvisor(actor)) return make(area, firm, { advisorOf: actor.id });
      if (isClient(actor)) return make(area, firm, self);
      return NONE(area);
    case 'support':
      // A case's people are its submitters: the firm's handlers (administrators and named handlers) see all.
      if (isSuperAdmin(actor)) return make(area, 'all', 'all');
      if (isSupportHandler(actor)) return make(area, firm, 'all');
      return isStaff(actor) ? make(area, firm, self) : NONE(area);
    case 'directory':
      // The staff directory: the whole firm's staff for anyone on it, every firm for a super admin.
      if (isSuperAdmin(actor)) return make(area, 'all', 'all');
      return isStaff(actor) ? make(area, firm, 'all') : NONE(area);
    case 'resources':
      // Training resources: the firm's staff read their firm's; a super admin (who manages every firm's)
      // and a super CCO (who checks every firm's acknowledgements) reach all of them.
      if (isClient(actor)) return NONE(area);
      if (isSuperAdmin(actor) || actor.profile.is_super_cco) return make(area, 'all', 'all');
      return make(area, firm, 'all');
    case 'firmContent':
      // What a firm publishes to its own people (calendar, Life Impact, portal settings): everyone reads
      // their own firm's, a super admin included; there is no cross-firm view of it.
      return make(area, firm, 'all');
    case 'audit':
      // A firm's CCOs and administrators read its events; super accounts every firm's.
      if (!canReadAuditTrail(actor)) return NONE(area);
      return make(area, seesEveryFirmsAuditTrail(actor) ? 'all' : firm, 'all');
  }
}

/**
 * Every record: for the platform's own reads that act for no person (signing in by email, the
 * session check, jobs). `reason` documents the call site and is searchable.
 */
export function unscoped(_reason: string): Scope {
  return make('system', 'all', 'all');
}

/** Whether a record of `firmId` owned by `personId` (with that person's advisor) is within the scope. */
export function inScope(
  scope: Scope,
  record: { firmId: number | null; personId?: number | null; advisorId?: number | null },
): boolean {
  if (scope.firms !== 'all' && (record.firmId === null || !scope.firms.includes(record.firmId))) return false;
  const people = scope.people;
  if (people === 'all') return true;
  if ('self' in people) return record.personId === people.self;
  return record.personId === people.advisorOf || record.advisorId === people.advisorOf;
}
