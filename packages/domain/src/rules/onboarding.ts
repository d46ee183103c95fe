import { onboardingMessages } from '../messages/onboarding.js';
import { type Actor, isAdvisor, isClient, isFirmAdmin, isSuperAdmin, sameFirm } from './permissions.js';

/** The four steps of a client's onboarding, in order. */
export const ONBOARDING_STEPS = ['client_agreement', 'investor_profile', 'form_adv', 'form_crs'] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_PATHS: Record<OnboardingStepKey, string> = {
  client_agreement: '/forms/client-agreement/',
  investor_profile: '/forms/investor-profile/',
  form_adv: '/forms/form-adv/',
  form_crs: '/forms/form-crs/',
};
/** Where a person goes when no step is theirs to open: the steps' own page. */
export const ONBOARDING_HOME = '/forms/';

/** Initial delivery dates (YYYY-MM-DD) of one person: Client__r or Joint_Client__r. */
export interface DeliveryDates {
  Initial_Form_ADV_Delivery_Date__c: string | null;
  Initial_Form_CRS_Delivery_Date__c: string | null;
}

/** What the gating reads: the records as the API answers them, and the client's Exhibit B flag. */
export interface OnboardingFacts {
  /** profile.is_exhibit_b_investor_profile_form_user of the client. */
  exhibitB: boolean;
  agreement: {
    Id: number | null;
    Client_Agreement_Date__c: string | null;
    Client__r: DeliveryDates | null;
    Joint_Client__r: DeliveryDates | null;
  } | null;
  investorProfile: { Investor_Profile_Status__c: string | null } | null;
}

export interface OnboardingStep {
  key: OnboardingStepKey;
  label: string;
  path: string;
  /** Exhibit B applies only to is_exhibit_b_investor_profile_form_user clients; the others always. */
  applies: boolean;
  enabled: boolean;
  done: boolean;
  /** The disclosures only: the client has an initial delivery date of it. The forms are never "viewed". */
  viewed: boolean;
}

export interface OnboardingStatus {
  steps: OnboardingStep[];
  all_done: boolean;
  /** The first step that applies and is not done (always enabled); null when all are done. */
  first_open_path: string | null;
}

const step = (key: OnboardingStepKey, s: Pick<OnboardingStep, 'applies' | 'enabled' | 'done' | 'viewed'>) => ({
  key,
  label: onboardingMessages.steps[key],
  path: ONBOARDING_PATHS[key],
  ...s,
});

/**
 * Each step's state, which gates the next:
 * - the agreement is complete when it has an Id and a Client_Agreement_Date;
 * - Exhibit B is enabled after it, and submitted once the profile has an Investor_Profile_Status;
 * - Form ADV is enabled after the agreement, or after the investor profile when Exhibit B applies;
 * - Form CRS is enabled once the ADV initial delivery date exists on the client or the joint client;
 * - a disclosure is viewed (and done) when its initial delivery date exists;
 * - all done: the agreement, ADV and CRS, plus Exhibit B when it applies.
 */
export function onboardingStatus(facts: OnboardingFacts): OnboardingStatus {
  const a = facts.agreement;
  const agreementDone = Boolean(a?.Id && a.Client_Agreement_Date__c);
  const profileDone = Boolean(facts.investorProfile?.Investor_Profile_Status__c);
  const either = (pick: (d: DeliveryDates) => string | null) =>
    Boolean((a?.Client__r && pick(a.Client__r)) || (a?.Joint_Client__r && pick(a.Joint_Client__r)));
  const advViewed = either((d) => d.Initial_Form_ADV_Delivery_Date__c);
  const crsViewed = either((d) => d.Initial_Form_CRS_Delivery_Date__c);

  const steps = [
    step('client_agreement', { applies: true, enabled: true, done: agreementDone, viewed: false }),
    step('investor_profile', {
      applies: facts.exhibitB,
      enabled: facts.exhibitB && agreementDone,
      done: facts.exhibitB && profileDone,
      viewed: false,
    }),
    step('form_adv', {
      applies: true,
      enabled: facts.exhibitB ? agreementDone && profileDone : agreementDone,
      done: advViewed,
      viewed: advViewed,
    }),
    step('form_crs', { applies: true, enabled: advViewed, done: crsViewed, viewed: crsViewed }),
  ];
  const open = steps.find((s) => s.applies && !s.done);
  return { steps, all_done: !open, first_open_path: open ? open.path : null };
}

/**
 * Where to send a person who asks for `page` in the client agreement flow: null to let them
 * stay, else the path to go to. A step not yet enabled (the investor profile before the agreement,
 * Form ADV before the agreement or the profile, Form CRS before the ADV was viewed) sends them to the
 * first open step; a step that does not apply (Exhibit B for a client without it) likewise, or to
 * /forms/ once all is done. The agreement is always open: it can be updated at any time.
 */
export function onboardingRedirect(status: OnboardingStatus, page: OnboardingStepKey): string | null {
  const asked = status.steps.find((s) => s.key === page);
  if (asked?.applies && asked.enabled) return null;
  return status.first_open_path ?? ONBOARDING_HOME;
}

/** After the first submit of an agreement: Exhibit B users go to the investor profile, others to Form ADV. */
export const pathAfterAgreementSubmit = (exhibitB: boolean) =>
  exhibitB ? ONBOARDING_PATHS.investor_profile : ONBOARDING_PATHS.form_adv;

/**
 * After saving the investor profile: a client (profile type 4) whose profile had no status yet goes on
 * to Form ADV; anyone else stays on the form (null).
 */
export const pathAfterInvestorProfileSave = (actor: Actor, previousStatus: string | null) =>
  isClient(actor) && !previousStatus ? ONBOARDING_PATHS.form_adv : null;

/** After the ADV link is opened (and its delivery recorded): on to Form CRS. */
export const PATH_AFTER_ADV = ONBOARDING_PATHS.form_crs;

/** The client whose onboarding records (agreement, investor profile, status) are in question. */
export interface OnboardingTarget {
  id: number;
  firmId: number | null;
  /** users.advisor_id of the client. */
  advisorId: number | null;
  /** Profile type 4: only clients have onboarding records. */
  isClient: boolean;
}

/**
 * Who fills a client's forms: the client themself and the client's advisor (same firm). Anything
 * else, like a target that is not a client, is answered as absent (404), never as forbidden.
 */
export function canWriteOnboarding(a: Actor, t: OnboardingTarget): boolean {
  if (!t.isClient) return false;
  if (a.id === t.id) return isClient(a);
  return isAdvisor(a) && t.advisorId === a.id && sameFirm(a, t.firmId);
}

/**
 * Who reads them (and may reveal the PII in clear): the writers, the firm's administrators and a
 * super admin.
 */
export function canReadOnboarding(a: Actor, t: OnboardingTarget): boolean {
  if (!t.isClient) return false;
  if (canWriteOnboarding(a, t) || isSuperAdmin(a)) return true;
  return isFirmAdmin(a) && sameFirm(a, t.firmId);
}

/** Revealing the clear PII: the readers (each reveal is an audit event). */
export const canRevealOnboardingPii = (a: Actor, t: OnboardingTarget) => canReadOnboarding(a, t);
