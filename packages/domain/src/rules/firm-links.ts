import { type Actor, isClient, isFirmAdmin, isStaff, isSuperAdmin, sameFirm } from './permissions.js';

/**
 * A firm's configured links: kept by its administrators, each of a kind that says where it
 * shows. Financial planning for the firm's clients (their 'Financial Planning' menu), portfolio systems
 * and tools for its staff (the Links menu and the home grid), the external help portal for the Support menu.
 */
export const FIRM_LINK_KINDS = ['financial_planning', 'portfolio', 'help_portal'] as const;
export type FirmLinkKind = (typeof FIRM_LINK_KINDS)[number];

/** Who a kind of link is for. */
const AUDIENCE: Record<FirmLinkKind, 'clients' | 'staff'> = {
  financial_planning: 'clients',
  portfolio: 'staff',
  help_portal: 'staff',
};

/** The kinds a person's menus show. */
export const firmLinkKindsFor = (a: Actor): FirmLinkKind[] =>
  FIRM_LINK_KINDS.filter((k) => (AUDIENCE[k] === 'clients' ? isClient(a) : isStaff(a)));

/** Keep (add, change, remove) a firm's links: its administrators, a super admin for any firm. */
export const canManageFirmLinks = (a: Actor, firmId: number) =>
  isSuperAdmin(a) || (isFirmAdmin(a) && sameFirm(a, firmId));

/** The setup screen's menu entry. */
export const canOpenFirmLinks = (a: Actor) => isFirmAdmin(a);
