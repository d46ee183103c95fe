import { type CustodianFlag, custodianLinks, type ExternalLink, staffLinks } from '../config/links.js';
import { resourcesMessages } from '../messages/resources.js';
import { canViewSubmissionStatus, rosterInMenu } from './attestations.js';
import { canReadAuditTrail } from './audit-trail.js';
import { canEditFirmContent } from './calendar.js';
import { canOpenClientVault } from './client-documents.js';
import { canOpenDisclosureDeliveries, canOpenDisclosureDocuments } from './disclosures.js';
import { canOpenFirmLinks, type FirmLinkKind } from './firm-links.js';
import { canManageCatalogues } from './investment-catalogues.js';
import { canListInvestmentRequests } from './investment-requests.js';
import { canOpenOnboardingForms, formsMenuEntries } from './onboarding-screens.js';
import { type Actor, canManageFirms, canManageUsers, canReadDirectory, isClient, isStaff } from './permissions.js';
import { RESOURCE_CATEGORIES } from './resources.js';
import { canOpenServiceProviders, ssoInitPath } from './sso.js';
import { canUseSupport } from './support.js';

export interface MenuEntry {
  label: string;
  /** A path inside the app, or an absolute URL opened in a new tab. */
  to: string;
  external?: boolean;
  visible?: (a: Actor) => boolean;
}

/**
 * What the menus read besides the person: the links their firm configured (issue 11 §4), fetched by the
 * web from `GET /api/firm_links/`. Absent (still loading, or none), the menus show the defaults alone.
 */
export interface MenuContext {
  firmLinks?: readonly (ExternalLink & { kind: FirmLinkKind; service_provider?: string | null })[];
}

/** Where a group sits: the main bar, the gear (setup) menu, or the profile menu. */
export type MenuPlace = 'main' | 'setup' | 'profile';

/** A group as the definition states it: a fixed list of entries, or one computed for each person. */
export interface MenuGroupDefinition {
  id: string;
  label: string;
  place: MenuPlace;
  /** Who sees the group at all; entries may narrow it further. */
  visible?: (a: Actor) => boolean;
  entries: MenuEntry[] | ((a: Actor, context: MenuContext) => MenuEntry[]);
}

/** A group as one person sees it: only the entries they may use. */
export interface MenuGroup {
  id: string;
  label: string;
  place: MenuPlace;
  entries: MenuEntry[];
}

const external = (label: string, url: string): MenuEntry => ({ label, to: url, external: true });

/**
 * The firm's configured links of one kind, as menu entries. A link with a service provider opens the
 * single sign-on call instead of its URL (spec 000 §2: it "opens the returned page in a new tab").
 */
export const firmLinkEntries = (context: MenuContext, kind: FirmLinkKind): MenuEntry[] =>
  (context.firmLinks ?? [])
    .filter((l) => l.kind === kind)
    .map((l) => external(l.label, l.service_provider ? ssoInitPath(l.service_provider) : l.url));

/** Account Management (spec 000 §2): a custodian site for each custodian flag the client has. */
function accountManagementEntries(a: Actor): MenuEntry[] {
  return (Object.keys(custodianLinks) as CustodianFlag[])
    .filter((flag) => a.profile[flag] === true)
    .map((flag) => external(custodianLinks[flag].label, custodianLinks[flag].url));
}

/**
 * The one menu definition behind the navigation bar, the gear menu and the home grid. An entry is
 * listed here only once its screen exists.
 */
export const menu: MenuGroupDefinition[] = [
  {
    // Spec 000 §2: Quarterly Attestations for staff; Supervised Persons only for a super CCO. Issue 8 adds
    // the submission status for every CCO.
    id: 'compliance',
    label: 'Compliance',
    place: 'main',
    visible: isStaff,
    entries: [
      { label: 'Quarterly Attestations', to: '/compliance/attestations' },
      { label: 'Supervised Persons', to: '/compliance/supervised-persons/', visible: rosterInMenu },
      {
        label: 'Attestation Submission Status',
        to: '/compliance/quarterly-attestation-submission-status/',
        visible: canViewSubmissionStatus,
      },
      // Issue 10 §4: the proof of delivery of Form ADV and Form CRS, for CCOs and administrators.
      { label: 'Disclosure Deliveries', to: '/compliance/disclosure-deliveries', visible: canOpenDisclosureDeliveries },
      // Issue 12 §5: every change in the portal, for CCOs, administrators and super administrators.
      { label: 'Audit Trail', to: '/compliance/audit-trail', visible: canReadAuditTrail },
    ],
  },
  {
    // Spec 000 §2 (issue 9): Cash Requests and Investment Strategies for staff who file them (advisors) or
    // work them (the firm's investment department); the catalogues for investments users (and the
    // administrators who keep them too).
    id: 'investments',
    label: 'Investments',
    place: 'main',
    visible: isStaff,
    entries: [
      { label: 'Cash Requests', to: '/investments/cash-requests/', visible: canListInvestmentRequests },
      { label: 'Investment Strategies', to: '/investments/investment-strategies/', visible: canListInvestmentRequests },
      { label: 'Firm Fee Schedules', to: '/investments/firm-fee-schedules/', visible: canManageCatalogues },
      { label: 'Firm Models', to: '/investments/firm-models/', visible: canManageCatalogues },
      { label: 'Fee Schedule List', to: '/investments/fee-schedules/', visible: canManageCatalogues },
      { label: 'Model List', to: '/investments/models/', visible: canManageCatalogues },
    ],
  },
  {
    // Spec 000 §2 (issue 10): a client's onboarding steps; for staff the Client Agreement Profile
    // (advisors and firm administrators) and the Exhibit B Investor Profile (advisors only).
    id: 'forms',
    label: 'Forms',
    place: 'main',
    visible: canOpenOnboardingForms,
    entries: formsMenuEntries,
  },
  {
    // Spec 000 §2 lists the staff directory among the training resources; the resources join it (issue 11 §2).
    id: 'training',
    label: 'Training Resources',
    place: 'main',
    visible: canReadDirectory,
    entries: [
      ...RESOURCE_CATEGORIES.map((c) => ({ label: resourcesMessages.categories[c], to: `/resources/${c}` })),
      { label: 'Staff Directory', to: '/staff-directory/' },
    ],
  },
  {
    // Issue 11 §4: the client and their advisor exchange documents; administrators read them.
    id: 'document-vault',
    label: 'Document Vault',
    place: 'main',
    visible: canOpenClientVault,
    entries: [{ label: 'Document Vault', to: '/document-vault/' }],
  },
  {
    // Spec 000 §2 (issue 11 §1): help requests, the external help portal, and prayer requests (the same
    // screen with the category Prayer Request). Clients have no support cases. The help portal is the
    // firm's configured link (issue 11 §4); a firm without one has no entry rather than a guessed address.
    id: 'support',
    label: 'Support',
    place: 'main',
    visible: canUseSupport,
    entries: (_a, context) => [
      { label: 'Help Requests', to: '/support/' },
      ...firmLinkEntries(context, 'help_portal'),
      { label: 'Prayer Requests', to: '/support/prayer-requests/' },
    ],
  },
  {
    id: 'account-management',
    label: 'Account Management',
    place: 'main',
    visible: isClient,
    entries: accountManagementEntries,
  },
  {
    // Spec 000 §2: the client's Financial Planning link, the one their firm configured (issue 11 §4).
    id: 'financial-planning',
    label: 'Financial Planning',
    place: 'main',
    visible: isClient,
    entries: (_a, context) => firmLinkEntries(context, 'financial_planning'),
  },
  {
    // The custodian sites, then the firm's portfolio systems and tools (issue 11 §4), also on the home grid.
    id: 'links',
    label: 'Links',
    place: 'main',
    visible: isStaff,
    entries: (_a, context) => [
      ...staffLinks.map((link) => external(link.label, link.url)),
      ...firmLinkEntries(context, 'portfolio'),
    ],
  },
  // Spec 000 §2 (issue 11 §5): Life Impact and Calendar, for staff and clients alike; each a link of its own
  // (a group of one entry named as the group is drawn as a plain link).
  {
    id: 'life-impact',
    label: 'Life Impact',
    place: 'main',
    entries: [{ label: 'Life Impact', to: '/life-impact/' }],
  },
  {
    id: 'calendar',
    label: 'Calendar',
    place: 'main',
    entries: [{ label: 'Calendar', to: '/calendar' }],
  },
  {
    id: 'setup',
    label: 'Setup',
    place: 'setup',
    entries: [
      { label: 'Firm Management', to: '/setup/firms', visible: canManageFirms },
      { label: 'User Management', to: '/users/', visible: canManageUsers },
      { label: 'Disclosure Documents', to: '/setup/disclosure-documents', visible: canOpenDisclosureDocuments },
      { label: 'Firm Links', to: '/setup/firm-links', visible: canOpenFirmLinks },
      // Issue 12 §2: the service providers the firm's portfolio-system links sign in to.
      { label: 'Single Sign-On', to: '/setup/single-sign-on', visible: canOpenServiceProviders },
      // Issue 11 §5: which menu entries show the coming-soon card, and its countdown.
      { label: 'Coming Soon Pages', to: '/setup/coming-soon', visible: canEditFirmContent },
    ],
  },
  {
    id: 'account',
    label: 'Account',
    place: 'profile',
    entries: [{ label: 'Settings', to: '/settings' }],
  },
];

/** The groups this person sees, with only the entries they may use; empty groups are dropped. */
export function menuFor(actor: Actor, groups: MenuGroupDefinition[] = menu, context: MenuContext = {}): MenuGroup[] {
  return groups
    .filter((g) => !g.visible || g.visible(actor))
    .map(({ id, label, place, entries }) => {
      const listed = typeof entries === 'function' ? entries(actor, context) : entries;
      return { id, label, place, entries: listed.filter((e) => !e.visible || e.visible(actor)) };
    })
    .filter((g) => g.entries.length > 0);
}
