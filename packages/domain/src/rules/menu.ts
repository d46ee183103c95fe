import { type CustodianFlag, custodianLinks, type ExternalLink, staffLinks } from '../config/links.js';
import { menuMessages as m } from '../messages/menu.js';
import { resourcesMessages } from '../messages/resources.js';
import { canOpenRoster, canStartAttestation, canViewSubmissionStatus, rosterInMenu } from './attestations.js';
import { canReadAuditTrail } from './audit-trail.js';
import { canEditFirmContent } from './calendar.js';
import { canOpenClientVault } from './client-documents.js';
import { canOpenDisclosureDeliveries, canOpenDisclosureDocuments } from './disclosures.js';
import { canOpenFirmLinks, type FirmLinkKind } from './firm-links.js';
import { canManageCatalogues } from './investment-catalogues.js';
import { canListInvestmentRequests } from './investment-requests.js';
import type { MenuEntry } from './menu-entry.js';
import { canOpenOnboardingForms, formsMenuEntries } from './onboarding-screens.js';
import { type Actor, canManageFirms, canManageUsers, canReadDirectory, isClient, isStaff } from './permissions.js';
import { canReadResources, RESOURCE_CATEGORIES } from './resources.js';
import { canOpenServiceProviders, ssoInitPath } from './sso.js';
import { canUseSupport } from './support.js';

export type { MenuEntry };

/**
 * What the menus read besides the person: the links their firm configured, fetched by the
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
 * single sign-on call instead of its URL (it opens the returned page in a new tab).
 */
export const firmLinkEntries = (context: MenuContext, kind: FirmLinkKind): MenuEntry[] =>
  (context.firmLinks ?? [])
    .filter((l) => l.kind === kind)
    .map((l) => external(l.label, l.service_provider ? ssoInitPath(l.service_provider) : l.url));

/** Account Management: a custodian site for each custodian flag the client has. */
function accountManagementEntries(a: Actor): MenuEntry[] {
  return (Object.keys(custodianLinks) as CustodianFlag[])
    .filter((flag) => a.profile[flag] === true)
    .map((flag) => external(custodianLinks[flag].label, custodianLinks[flag].url));
}

/**
 * The menu entries that open a screen of the app, by name. The web's screen declarations name the entry
 * their screen is opened from and take its path and its guard from it, so a screen's address and who may
 * open it are written here once; the groups below place the entries in the menus.
 */
export const screenEntries = {
  attestations: { label: m.entries.attestations, to: '/compliance/attestations', allowed: canStartAttestation },
  supervisedPersons: {
    label: m.entries.supervisedPersons,
    to: '/compliance/supervised-persons/',
    // Every CCO may open their firm's roster (as the API allows); only a super CCO has it in the menu.
    allowed: canOpenRoster,
    visible: rosterInMenu,
  },
  submissionStatus: {
    label: m.entries.submissionStatus,
    to: '/compliance/quarterly-attestation-submission-status/',
    allowed: canViewSubmissionStatus,
  },
  // The proof of delivery of Form ADV and Form CRS, for CCOs and administrators.
  disclosureDeliveries: {
    label: m.entries.disclosureDeliveries,
    to: '/compliance/disclosure-deliveries',
    allowed: canOpenDisclosureDeliveries,
  },
  // Every change in the portal, for CCOs, administrators and super administrators.
  auditTrail: { label: m.entries.auditTrail, to: '/compliance/audit-trail', allowed: canReadAuditTrail },
  cashRequests: {
    label: m.entries.cashRequests,
    to: '/investments/cash-requests/',
    allowed: canListInvestmentRequests,
  },
  investmentStrategies: {
    label: m.entries.investmentStrategies,
    to: '/investments/investment-strategies/',
    allowed: canListInvestmentRequests,
  },
  firmFeeSchedules: {
    label: m.entries.firmFeeSchedules,
    to: '/investments/firm-fee-schedules/',
    allowed: canManageCatalogues,
  },
  firmModels: { label: m.entries.firmModels, to: '/investments/firm-models/', allowed: canManageCatalogues },
  feeSchedules: { label: m.entries.feeSchedules, to: '/investments/fee-schedules/', allowed: canManageCatalogues },
  models: { label: m.entries.models, to: '/investments/models/', allowed: canManageCatalogues },
  staffDirectory: { label: m.entries.staffDirectory, to: '/staff-directory/', allowed: canReadDirectory },
  documentVault: { label: m.entries.documentVault, to: '/document-vault/', allowed: canOpenClientVault },
  helpRequests: { label: m.entries.helpRequests, to: '/support/', allowed: canUseSupport },
  prayerRequests: { label: m.entries.prayerRequests, to: '/support/prayer-requests/', allowed: canUseSupport },
  lifeImpact: { label: m.entries.lifeImpact, to: '/life-impact/' },
  calendar: { label: m.entries.calendar, to: '/calendar' },
  firms: { label: m.entries.firms, to: '/setup/firms', allowed: canManageFirms },
  users: { label: m.entries.users, to: '/users/', allowed: canManageUsers },
  disclosureDocuments: {
    label: m.entries.disclosureDocuments,
    to: '/setup/disclosure-documents',
    allowed: canOpenDisclosureDocuments,
  },
  firmLinks: { label: m.entries.firmLinks, to: '/setup/firm-links', allowed: canOpenFirmLinks },
  // The service providers the firm's portfolio-system links sign in to.
  singleSignOn: { label: m.entries.singleSignOn, to: '/setup/single-sign-on', allowed: canOpenServiceProviders },
  // Which menu entries show the coming-soon card, and its countdown.
  comingSoonPages: { label: m.entries.comingSoonPages, to: '/setup/coming-soon', allowed: canEditFirmContent },
  settings: { label: m.entries.settings, to: '/settings' },
} satisfies Record<string, MenuEntry>;

const e = screenEntries;

/**
 * The one menu definition behind the navigation bar, the gear menu and the home grid. An entry is
 * listed here only once its screen exists.
 */
export const menu: MenuGroupDefinition[] = [
  {
    // Quarterly Attestations for staff; Supervised Persons only for a super CCO; the
    // submission status for every CCO.
    id: 'compliance',
    label: m.groups.compliance,
    place: 'main',
    visible: isStaff,
    entries: [e.attestations, e.supervisedPersons, e.submissionStatus, e.disclosureDeliveries, e.auditTrail],
  },
  {
    // Cash Requests and Investment Strategies for staff who file them (advisors) or
    // work them (the firm's investment department); the catalogues for investments users (and the
    // administrators who keep them too).
    id: 'investments',
    label: m.groups.investments,
    place: 'main',
    visible: isStaff,
    entries: [e.cashRequests, e.investmentStrategies, e.firmFeeSchedules, e.firmModels, e.feeSchedules, e.models],
  },
  {
    // A client's onboarding steps; for staff the Client Agreement Profile
    // (advisors and firm administrators) and the Exhibit B Investor Profile (advisors only).
    id: 'forms',
    label: m.groups.forms,
    place: 'main',
    visible: canOpenOnboardingForms,
    entries: formsMenuEntries,
  },
  {
    // The staff directory and the firm's training resources.
    id: 'training',
    label: m.groups.training,
    place: 'main',
    visible: canReadDirectory,
    entries: [
      ...RESOURCE_CATEGORIES.map((c) => ({
        label: resourcesMessages.categories[c],
        to: `/resources/${c}`,
        allowed: canReadResources,
      })),
      e.staffDirectory,
    ],
  },
  {
    // The client and their advisor exchange documents; administrators read them.
    id: 'document-vault',
    label: m.groups.documentVault,
    place: 'main',
    visible: canOpenClientVault,
    entries: [e.documentVault],
  },
  {
    // Help requests, the external help portal, and prayer requests (the same
    // screen with the category Prayer Request). Clients have no support cases. The help portal is the
    // firm's configured link; a firm without one has no entry rather than a guessed address.
    id: 'support',
    label: m.groups.support,
    place: 'main',
    visible: canUseSupport,
    entries: (_a, context) => [e.helpRequests, ...firmLinkEntries(context, 'help_portal'), e.prayerRequests],
  },
  {
    id: 'account-management',
    label: m.groups.accountManagement,
    place: 'main',
    visible: isClient,
    entries: accountManagementEntries,
  },
  {
    // The client's Financial Planning link, the one their firm configured.
    id: 'financial-planning',
    label: m.groups.financialPlanning,
    place: 'main',
    visible: isClient,
    entries: (_a, context) => firmLinkEntries(context, 'financial_planning'),
  },
  {
    // The custodian sites, then the firm's portfolio systems and tools, also on the home grid.
    id: 'links',
    label: m.groups.links,
    place: 'main',
    visible: isStaff,
    entries: (_a, context) => [
      ...staffLinks.map((link) => external(link.label, link.url)),
      ...firmLinkEntries(context, 'portfolio'),
    ],
  },
  // Life Impact and Calendar, for staff and clients alike; each a link of its own
  // (a group of one entry named as the group is drawn as a plain link).
  {
    id: 'life-impact',
    label: m.groups.lifeImpact,
    place: 'main',
    entries: [e.lifeImpact],
  },
  {
    id: 'calendar',
    label: m.groups.calendar,
    place: 'main',
    entries: [e.calendar],
  },
  {
    id: 'setup',
    label: m.groups.setup,
    place: 'setup',
    entries: [e.firms, e.users, e.disclosureDocuments, e.firmLinks, e.singleSignOn, e.comingSoonPages],
  },
  {
    id: 'account',
    label: m.groups.account,
    place: 'profile',
    entries: [e.settings],
  },
];

/** Whether a person sees an entry: by its `visible`, else by who may open its screen. */
const sees = (actor: Actor, entry: MenuEntry) => (entry.visible ?? entry.allowed)?.(actor) ?? true;

/** The groups this person sees, with only the entries they may use; empty groups are dropped. */
export function menuFor(actor: Actor, groups: MenuGroupDefinition[] = menu, context: MenuContext = {}): MenuGroup[] {
  return groups
    .filter((g) => !g.visible || g.visible(actor))
    .map(({ id, label, place, entries }) => {
      const listed = typeof entries === 'function' ? entries(actor, context) : entries;
      return { id, label, place, entries: listed.filter((entry) => sees(actor, entry)) };
    })
    .filter((g) => g.entries.length > 0);
}
