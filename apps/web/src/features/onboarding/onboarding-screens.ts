import {
  canOpenClientAgreement,
  canOpenDisclosurePages,
  canOpenInvestorProfile,
  canOpenOnboardingForms,
  EXHIBIT_B_PATH,
  ONBOARDING_HOME,
  ONBOARDING_PATHS,
} from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// The onboarding forms (the domain's `formsMenuEntries` lists them per person). Every one needs sign-in,
// the Exhibit B address too.
export const onboardingScreens = defineScreens([
  { path: ONBOARDING_HOME, page: ['forms-page', 'FormsPage'], allowed: canOpenOnboardingForms },
  {
    path: ONBOARDING_PATHS.client_agreement,
    page: ['client-agreement-page', 'ClientAgreementPage'],
    allowed: canOpenClientAgreement,
  },
  ...[ONBOARDING_PATHS.investor_profile, EXHIBIT_B_PATH].map((path) => ({
    path,
    page: ['investor-profile-page', 'InvestorProfilePage'] as const,
    allowed: canOpenInvestorProfile,
  })),
  { path: ONBOARDING_PATHS.form_adv, page: ['disclosure-pages', 'FormAdvPage'], allowed: canOpenDisclosurePages },
  { path: ONBOARDING_PATHS.form_crs, page: ['disclosure-pages', 'FormCrsPage'], allowed: canOpenDisclosurePages },
]);
