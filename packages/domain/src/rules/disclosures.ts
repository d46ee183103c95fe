import { isCco } from './attestations.js';
import { type Actor, isClient, isFirmAdmin, isStaff, isSuperAdmin, sameFirm } from './permissions.js';
import { addDays } from './submission-status.js';

/** The later of two calendar days ('YYYY-MM-DD' strings, which order as text; Math.max would not take them). */
const laterDay = (a: string, b: string) => (a > b ? a : b);

/**
 * Disclosure documents and the proof of their delivery (Rules 204-3, 204-5, 204-2):
 * which version is current, when a client is due one, and who may do what.
 */
export const DISCLOSURE_KINDS = ['adv_2a', 'adv_2b', 'crs'] as const;
export type DisclosureKind = (typeof DISCLOSURE_KINDS)[number];
export const ADV_PARTS = { '2A': 'adv_2a', '2B': 'adv_2b' } as const satisfies Record<string, DisclosureKind>;
export const isAdv = (kind: DisclosureKind) => kind !== 'crs';

/** A PDF of at most 10 MB. */
export const DISCLOSURE_MAX_BYTES = 10 * 1024 * 1024;
/** Form CRS: an amended version is delivered within 60 days (Rule 204-5(b)(2)); ADV: see `dueBy`. */
export const CRS_DAYS = 60;
export const ADV_MATERIAL_DAYS_AFTER_FYE = 120;
export const ADV_MATERIAL_MIN_DAYS = 30;

export interface VersionLike {
  id: number;
  effective_date: string;
  /** ISO instant. */
  uploaded_at: string;
}

/**
 * The version clients get: the newest effective date on or before today (portal zone), ties by the
 * newest upload. A version effective tomorrow is published but not yet current.
 */
export function currentVersion<V extends VersionLike>(versions: readonly V[], today: string): V | null {
  let best: V | null = null;
  for (const v of versions) {
    if (v.effective_date > today) continue;
    if (
      !best ||
      v.effective_date > best.effective_date ||
      (v.effective_date === best.effective_date &&
        (v.uploaded_at > best.uploaded_at || (v.uploaded_at === best.uploaded_at && v.id > best.id)))
    )
      best = v;
  }
  return best;
}

/** The fiscal year end (March 31) on or before `date`. */
export function fiscalYearEndOnOrBefore(date: string): string {
  const year = Number(date.slice(0, 4));
  const thisYear = `${String(year).padStart(4, '0')}-03-31`;
  return date >= thisYear ? thisYear : `${String(year - 1).padStart(4, '0')}-03-31`;
}

export interface DueInput {
  kind: DisclosureKind;
  /** The current version's effective date; null for a firm's external link (no version). */
  effectiveDate: string | null;
  materialChange: boolean;
  /** The client's agreement date; null before the agreement. */
  agreementDate: string | null;
}

/** Whether a client who has not received the current document must, and by when (null: at the agreement, not yet signed). */
export type DueRule = { due: false } | { due: true; by: string | null };

/**
 * When a client who has not received the current document must receive it:
 * - a new client (agreement on or after the effective date, or none yet, or no version but a link):
 *   before or at the contract, so by the agreement date;
 * - an existing client: Form CRS within 60 days of the effective date; a Form ADV version with a
 *   material change within 120 days of the fiscal year end on or before the effective date, or 30 days
 *   after the effective date when that is later; a Form ADV version without one is not delivered to
 *   existing clients.
 */
export function dueBy(i: DueInput): DueRule {
  if (i.agreementDate === null) return { due: true, by: null };
  if (i.effectiveDate === null || i.agreementDate >= i.effectiveDate) return { due: true, by: i.agreementDate };
  if (i.kind === 'crs') return { due: true, by: addDays(i.effectiveDate, CRS_DAYS) };
  if (!i.materialChange) return { due: false };
  const afterFiscalYearEnd = addDays(fiscalYearEndOnOrBefore(i.effectiveDate), ADV_MATERIAL_DAYS_AFTER_FYE);
  const afterEffective = addDays(i.effectiveDate, ADV_MATERIAL_MIN_DAYS);
  return { due: true, by: laterDay(afterFiscalYearEnd, afterEffective) };
}

export const DELIVERY_STATUSES = ['overdue', 'due', 'received', 'not_required', 'none'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One document's standing for one client on `today`: overdue once the due date has passed. */
export function deliveryStatus(
  i: DueInput & { published: boolean; received: boolean },
  today: string,
): { status: DeliveryStatus; due_by: string | null } {
  if (!i.published) return { status: 'none', due_by: null };
  if (i.received) return { status: 'received', due_by: null };
  const rule = dueBy(i);
  if (!rule.due) return { status: 'not_required', due_by: null };
  return { status: rule.by !== null && today > rule.by ? 'overdue' : 'due', due_by: rule.by };
}

/** A client's standing over all documents: the worst of them ('received' when nothing is owed). */
export function overallStatus(statuses: readonly DeliveryStatus[]): 'overdue' | 'due' | 'received' {
  if (statuses.includes('overdue')) return 'overdue';
  if (statuses.includes('due')) return 'due';
  return 'received';
}

/**
 * Initial_Form_ADV_Delivery_Date: the day the client had received every ADV part the firm publishes
 * (2A, and 2B when the firm has one), so the later of each part's first receipt; null until then.
 */
export function advInitialDate(
  published: { adv_2a: boolean; adv_2b: boolean },
  firstReceived: { adv_2a: string | null; adv_2b: string | null },
): string | null {
  const parts = (['adv_2a', 'adv_2b'] as const).filter((k) => published[k]);
  if (parts.length === 0) return firstReceived.adv_2a;
  const dates = parts.map((k) => firstReceived[k]);
  if (dates.some((d) => d === null)) return null;
  return (dates as string[]).reduce(laterDay);
}

/** A delivery is recorded on the day the client opens the document: the portal's today, a day either side for clocks. */
export const deliveryDateAccepted = (date: string, today: string) =>
  date >= addDays(today, -1) && date <= addDays(today, 1);

/** Uploading and deleting versions: the firm's administrators, a super admin any firm's. */
export const canManageDisclosures = (a: Actor, firmId: number | null) =>
  isSuperAdmin(a) || (isFirmAdmin(a) && sameFirm(a, firmId));
/** The screen of versions (menu): whoever manages some firm's. */
export const canOpenDisclosureDocuments = (a: Actor) => isFirmAdmin(a);

/**
 * The report and Deliver (and the menu entry): a CCO or an administrator; which firms is the scope's
 * (`seesEveryFirmsDisclosures` for all of them).
 */
export const canOpenDisclosureDeliveries = (a: Actor) => isStaff(a) && (isCco(a) || isFirmAdmin(a));
/** The report covers every firm (its firm filter): a super admin or super CCO. */
export const seesEveryFirmsDisclosures = (a: Actor) => isSuperAdmin(a) || a.profile.is_super_cco;

/** A version's file: the firm's staff, super accounts, and the firm's clients (checked further by the server). */
export const canReadDisclosureFile = (a: Actor, firmId: number) => seesEveryFirmsDisclosures(a) || sameFirm(a, firmId);

/** Only the client themself receives a disclosure; an advisor filling the forms does not deliver. */
export const canRecordDelivery = (a: Actor, portalUserId: number) => isClient(a) && a.id === portalUserId;
