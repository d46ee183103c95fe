import { menuMessages } from '../messages/menu.js';
import { onboardingMessages } from '../messages/onboarding.js';
import type { MenuEntry } from './menu-entry.js';
import { ONBOARDING_HOME, ONBOARDING_PATHS } from './onboarding.js';
import { type Actor, isAdvisor, isClient, isFirmAdmin } from './permissions.js';

/**
 * Who opens which onboarding screen. The records behind them are checked per client by
 * `canReadOnboarding`/`canWriteOnboarding`; these only say whether the screen is of any use to a person.
 */

/** The Exhibit B flag of the signed-in person (a `User` carries it; a bare `Actor` does not). */
export const isExhibitBUser = (a: Actor) =>
  (a.profile as { is_exhibit_b_investor_profile_form_user?: boolean }).is_exhibit_b_investor_profile_form_user === true;

/** The client agreement: a client's own; an advisor fills their clients'; a firm administrator reads them. */
export const canOpenClientAgreement = (a: Actor) => isClient(a) || isAdvisor(a) || isFirmAdmin(a);

/** The Exhibit B investor profile: a client's own (the gating sends a client without it on), an advisor's clients'. */
export const canOpenInvestorProfile = (a: Actor) => isClient(a) || isAdvisor(a);

/** Form ADV and Form CRS: only the client receives them in the portal (the delivery PUTs are the client's). */
export const canOpenDisclosurePages = (a: Actor) => isClient(a);

/** /forms/: a client's steps, or the staff's forms. */
export const canOpenOnboardingForms = (a: Actor) => canOpenClientAgreement(a) || canOpenInvestorProfile(a);

/** The route of the staff's 'Exhibit B Investor Profile' menu link; the same screen as /forms/investor-profile/. */
export const EXHIBIT_B_PATH = '/forms/exhibit-b-investor-profile';

/**
 * The 'Forms' menu group's entries: for a client 'All Forms' (the steps page, where the all-done message
 * shows) then each step (Exhibit B only when it applies); for staff,
 * 'Client Agreement Profile' (advisors and firm administrators) and 'Exhibit B Investor Profile'
 * (advisors only).
 */
export function formsMenuEntries(a: Actor): MenuEntry[] {
  const steps = onboardingMessages.steps;
  if (isClient(a))
    return [
      { label: onboardingMessages.allForms, to: ONBOARDING_HOME },
      { label: steps.client_agreement, to: ONBOARDING_PATHS.client_agreement },
      ...(isExhibitBUser(a) ? [{ label: steps.investor_profile, to: ONBOARDING_PATHS.investor_profile }] : []),
      { label: steps.form_adv, to: ONBOARDING_PATHS.form_adv },
      { label: steps.form_crs, to: ONBOARDING_PATHS.form_crs },
    ];
  return [
    ...(isAdvisor(a) || isFirmAdmin(a)
      ? [{ label: steps.client_agreement, to: ONBOARDING_PATHS.client_agreement }]
      : []),
    ...(isAdvisor(a) ? [{ label: menuMessages.exhibitBInvestorProfile, to: EXHIBIT_B_PATH }] : []),
  ];
}
