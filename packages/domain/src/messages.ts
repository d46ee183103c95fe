/**
 * Every user-facing text of the portal, server and web: one file an area under messages/, gathered here.
 * A screen loaded with the sign-in page imports its area's `…Messages` alone, so the sign-in bundle
 * does not carry every area's texts; everything else reads `messages.<area>`.
 */

import { attestationHistoryMessages } from './messages/attestation-history.js';
import { attestationsMessages } from './messages/attestations.js';
import { attestationsScreenMessages } from './messages/attestations-screen.js';
import { auditTrailMessages } from './messages/audit-trail.js';
import { authMessages } from './messages/auth.js';
import { authScreenMessages } from './messages/auth-screen.js';
import { calendarMessages } from './messages/calendar.js';
import { calendarScreenMessages } from './messages/calendar-screen.js';
import { cashRequestsMessages } from './messages/cash-requests.js';
import { cataloguesMessages } from './messages/catalogues.js';
import { clientAgreementsMessages } from './messages/client-agreements.js';
import { clientDocumentsMessages } from './messages/client-documents.js';
import { comingSoonMessages } from './messages/coming-soon.js';
import { commonScreenMessages } from './messages/common-screen.js';
import { disclosuresMessages } from './messages/disclosures.js';
import { disclosuresScreenMessages } from './messages/disclosures-screen.js';
import { documentVaultScreenMessages } from './messages/document-vault-screen.js';
import { employeesMessages } from './messages/employees.js';
import { feeSchedulesMessages } from './messages/fee-schedules.js';
import { firmFeeSchedulesMessages } from './messages/firm-fee-schedules.js';
import { firmLinksMessages } from './messages/firm-links.js';
import { firmLinksScreenMessages } from './messages/firm-links-screen.js';
import { firmModelsMessages } from './messages/firm-models.js';
import { firmsMessages } from './messages/firms.js';
import { firmsScreenMessages } from './messages/firms-screen.js';
import { footerMessages } from './messages/footer.js';
import { frameMessages } from './messages/frame.js';
import { homeMessages } from './messages/home.js';
import { homeScreenMessages } from './messages/home-screen.js';
import { httpMessages } from './messages/http.js';
import { investmentCataloguesScreenMessages } from './messages/investment-catalogues-screen.js';
import { investmentModelsMessages } from './messages/investment-models.js';
import { investmentRequestsMessages } from './messages/investment-requests.js';
import { investmentRequestsScreenMessages } from './messages/investment-requests-screen.js';
import { investmentStrategiesMessages } from './messages/investment-strategies.js';
import { investorProfilesMessages } from './messages/investor-profiles.js';
import { lifeImpactMessages } from './messages/life-impact.js';
import { listsMessages } from './messages/lists.js';
import { menuMessages } from './messages/menu.js';
import { metricsMessages } from './messages/metrics.js';
import { onboardingMessages } from './messages/onboarding.js';
import { passwordMessages } from './messages/password.js';
import { remindersMessages } from './messages/reminders.js';
import { resourcesMessages } from './messages/resources.js';
import { resourcesScreenMessages } from './messages/resources-screen.js';
import { sessionsMessages } from './messages/sessions.js';
import { settingsMessages } from './messages/settings.js';
import { settingsScreenMessages } from './messages/settings-screen.js';
import { shellScreenMessages } from './messages/shell-screen.js';
import { singleSignOnScreenMessages } from './messages/single-sign-on-screen.js';
import { ssoMessages } from './messages/sso.js';
import { staffDirectoryScreenMessages } from './messages/staff-directory-screen.js';
import { statesMessages } from './messages/states.js';
import { submissionStatusMessages } from './messages/submission-status.js';
import { submissionStatusScreenMessages } from './messages/submission-status-screen.js';
import { supervisedPersonsMessages } from './messages/supervised-persons.js';
import { supervisedPersonsScreenMessages } from './messages/supervised-persons-screen.js';
import { supportMessages } from './messages/support.js';
import { supportScreenMessages } from './messages/support-screen.js';
import { twoFactorMessages } from './messages/two-factor.js';
import { usersMessages } from './messages/users.js';
import { usersScreenMessages } from './messages/users-screen.js';
import { validationMessages } from './messages/validation.js';

export { accountMailMessages, type PasswordLinkSender } from './messages/account-mail.js';
export { attestationHistoryMessages } from './messages/attestation-history.js';
export { attestationsMessages } from './messages/attestations.js';
export { attestationsScreenMessages } from './messages/attestations-screen.js';
export { auditTrailMessages } from './messages/audit-trail.js';
export { authMessages } from './messages/auth.js';
export { authScreenMessages } from './messages/auth-screen.js';
export { calendarMessages } from './messages/calendar.js';
export { calendarScreenMessages } from './messages/calendar-screen.js';
export { cashRequestsMessages } from './messages/cash-requests.js';
export { cataloguesMessages } from './messages/catalogues.js';
export { clientAgreementsMessages } from './messages/client-agreements.js';
export { clientDocumentsMessages } from './messages/client-documents.js';
export { comingSoonMessages } from './messages/coming-soon.js';
export { commonScreenMessages } from './messages/common-screen.js';
export { disclosuresMessages } from './messages/disclosures.js';
export { disclosuresScreenMessages } from './messages/disclosures-screen.js';
export { documentVaultScreenMessages } from './messages/document-vault-screen.js';
export { employeesMessages } from './messages/employees.js';
export { feeSchedulesMessages } from './messages/fee-schedules.js';
export { firmFeeSchedulesMessages } from './messages/firm-fee-schedules.js';
export { firmLinksMessages } from './messages/firm-links.js';
export { firmLinksScreenMessages } from './messages/firm-links-screen.js';
export { firmModelsMessages } from './messages/firm-models.js';
export { firmsMessages } from './messages/firms.js';
export { firmsScreenMessages } from './messages/firms-screen.js';
export { footerMessages } from './messages/footer.js';
export { frameMessages } from './messages/frame.js';
export { homeMessages } from './messages/home.js';
export { homeScreenMessages } from './messages/home-screen.js';
export { httpMessages } from './messages/http.js';
export { investmentCataloguesScreenMessages } from './messages/investment-catalogues-screen.js';
export { investmentModelsMessages } from './messages/investment-models.js';
export { investmentRequestsMessages } from './messages/investment-requests.js';
export { investmentRequestsScreenMessages } from './messages/investment-requests-screen.js';
export { investmentStrategiesMessages } from './messages/investment-strategies.js';
export { investorProfilesMessages } from './messages/investor-profiles.js';
export { lifeImpactMessages } from './messages/life-impact.js';
export { listsMessages } from './messages/lists.js';
export { menuMessages } from './messages/menu.js';
export { metricsMessages } from './messages/metrics.js';
export { onboardingMessages } from './messages/onboarding.js';
export { passwordMessages } from './messages/password.js';
export { remindersMessages } from './messages/reminders.js';
export { resourcesMessages } from './messages/resources.js';
export { resourcesScreenMessages } from './messages/resources-screen.js';
export { sessionsMessages } from './messages/sessions.js';
export { settingsMessages } from './messages/settings.js';
export { settingsScreenMessages } from './messages/settings-screen.js';
export { shellScreenMessages } from './messages/shell-screen.js';
export { singleSignOnScreenMessages } from './messages/single-sign-on-screen.js';
export { ssoMessages } from './messages/sso.js';
export { staffDirectoryScreenMessages } from './messages/staff-directory-screen.js';
export { statesMessages } from './messages/states.js';
export { submissionStatusMessages } from './messages/submission-status.js';
export { submissionStatusScreenMessages } from './messages/submission-status-screen.js';
export { supervisedPersonsMessages } from './messages/supervised-persons.js';
export { supervisedPersonsScreenMessages } from './messages/supervised-persons-screen.js';
export { supportMessages } from './messages/support.js';
export { supportScreenMessages } from './messages/support-screen.js';
export type { CatalogueUses } from './messages/text.js';
export { twoFactorMessages } from './messages/two-factor.js';
export { usersMessages } from './messages/users.js';
export { usersScreenMessages } from './messages/users-screen.js';
export { validationMessages } from './messages/validation.js';

export const messages = {
  auth: authMessages,
  password: passwordMessages,
  settings: settingsMessages,
  sessions: sessionsMessages,
  users: usersMessages,
  employees: employeesMessages,
  resources: resourcesMessages,
  firms: firmsMessages,
  investmentModels: investmentModelsMessages,
  feeSchedules: feeSchedulesMessages,
  firmModels: firmModelsMessages,
  firmFeeSchedules: firmFeeSchedulesMessages,
  catalogues: cataloguesMessages,
  attestations: attestationsMessages,
  supervisedPersons: supervisedPersonsMessages,
  attestationHistory: attestationHistoryMessages,
  auditTrail: auditTrailMessages,
  reminders: remindersMessages,
  disclosures: disclosuresMessages,
  submissionStatus: submissionStatusMessages,
  investmentStrategies: investmentStrategiesMessages,
  cashRequests: cashRequestsMessages,
  investmentRequests: investmentRequestsMessages,
  clientDocuments: clientDocumentsMessages,
  firmLinks: firmLinksMessages,
  sso: ssoMessages,
  support: supportMessages,
  lists: listsMessages,
  menu: menuMessages,
  metrics: metricsMessages,
  states: statesMessages,
  home: homeMessages,
  calendar: calendarMessages,
  lifeImpact: lifeImpactMessages,
  comingSoon: comingSoonMessages,
  http: httpMessages,
  clientAgreements: clientAgreementsMessages,
  investorProfiles: investorProfilesMessages,
  onboarding: onboardingMessages,
  validation: validationMessages,
  frame: frameMessages,
  footer: footerMessages,
  twoFactor: twoFactorMessages,
  // The screens' own labels, headings and buttons.
  shellScreen: shellScreenMessages,
  commonScreen: commonScreenMessages,
  attestationsScreen: attestationsScreenMessages,
  authScreen: authScreenMessages,
  calendarScreen: calendarScreenMessages,
  firmLinksScreen: firmLinksScreenMessages,
  firmsScreen: firmsScreenMessages,
  homeScreen: homeScreenMessages,
  investmentCataloguesScreen: investmentCataloguesScreenMessages,
  investmentRequestsScreen: investmentRequestsScreenMessages,
  settingsScreen: settingsScreenMessages,
  singleSignOnScreen: singleSignOnScreenMessages,
  staffDirectoryScreen: staffDirectoryScreenMessages,
  submissionStatusScreen: submissionStatusScreenMessages,
  supervisedPersonsScreen: supervisedPersonsScreenMessages,
  usersScreen: usersScreenMessages,
  disclosuresScreen: disclosuresScreenMessages,
  documentVaultScreen: documentVaultScreenMessages,
  resourcesScreen: resourcesScreenMessages,
  supportScreen: supportScreenMessages,
} as const;
