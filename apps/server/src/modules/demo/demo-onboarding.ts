import {
  addDays,
  clientAgreementBody,
  type DisclosureKind,
  deliveryDateBody,
  disclosureUploadQuery,
  disclosureVersionQuery,
  investorProfileBody,
  messages,
  wireDateToText,
} from '@portal/domain';
import { todayOf } from '../../platform/clock.js';
import type { AppDeps } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import * as disclosures from '../disclosures/disclosures.service.js';
import { clientAgreements, investorProfiles } from '../onboarding/onboarding.service.js';
import { actingAs, on, userOf } from './acting.js';
import { demoPdf } from './demo-pdf.js';

const BODY: Record<DisclosureKind, string[]> = {
  adv_2a: [
    'Item 4 Advisory Business: we manage portfolios of individuals, families and trusts.',
    'Item 5 Fees and Compensation: an annual fee on assets under management, billed quarterly.',
  ],
  adv_2b: ['Avery Advisor, CFP: education and business background, disciplinary information (none), supervision.'],
  crs: [
    'What investment services and advice can you provide me?',
    'What fees will I pay?',
    'Do you or your financial professionals have legal or disciplinary history? No.',
  ],
};

/** A small real PDF of the document: the firm, the title and the effective date in its text. */
const documentPdf = (firm: string, kind: DisclosureKind, effective: string) =>
  demoPdf(firm, messages.disclosures.kinds[kind], `Effective ${wireDateToText(effective)}`, BODY[kind]);

const person = (p: 'Client' | 'JtClt', name: string, street: string, extra: Record<string, string>) => ({
  [`${p}Name__c`]: name,
  [`${p}HomeAddressStreet__c`]: street,
  [`${p}HomeAddressCity__c`]: 'Springfield',
  [`${p}HomeAddressState__c`]: 'Illinois',
  [`${p}HomeAddressZipCode__c`]: '62701',
  [`${p}MailingAddressStreet__c`]: street,
  [`${p}MailingAddressCity__c`]: 'Springfield',
  [`${p}MailingAddressState__c`]: 'Illinois',
  [`${p}MailingAddressZipCode__c`]: '62701',
  [`${p}BusinessPhone__c`]: '217-555-0100',
  [`${p}HomePhone__c`]: '217-555-0199',
  [`${p}MailPreference__c`]: 'Email',
  [`${p}EmploymentStatus__c`]: 'Employed',
  [`${p}DriversLicenseIssueState__c`]: 'Illinois',
  [`${p}DriversLicenseIssueDate__c`]: '2022-05-10',
  [`${p}DriversLicenseExpirationDate__c`]: '2030-05-10',
  ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`${p}${k}`, v])),
});

/**
 * Client onboarding in the demo, through the same services as the API. Demo Wealth Advisors (admin@)
 * publishes Form ADV Part 2A and 2B and two Form CRS versions, the current one two weeks old. Riley
 * Client, with a joint client, signed with their advisor six weeks ago and received every document
 * then current, so the CCO's report shows them due for the new Form CRS. Chris Client (client@) is
 * halfway: agreement submitted and Exhibit B profile saved, Form ADV and Form CRS not yet opened.
 * A second run finds each part done and adds nothing.
 */
export async function seedDemoOnboarding(deps: AppDeps) {
  const today = todayOf(deps.config);
  const admin = await actingAs(deps, (await userOf(deps, 'admin@demo.test')).id);
  const firm = admin.actor.profile._firm as number;
  const firmName = 'Demo Wealth Advisors';
  const published = await disclosures.listVersions(admin, disclosureVersionQuery.parse({ firm: String(firm) }));
  if (published.count === 0) {
    const lastYear = addDays(today, -240);
    const versions: [DisclosureKind, string][] = [
      ['adv_2a', lastYear],
      ['adv_2b', lastYear],
      ['crs', lastYear],
      ['crs', addDays(today, -14)],
    ];
    for (const [kind, effective] of versions) {
      const pdf = await documentPdf(firmName, kind, effective);
      await disclosures.upload(
        admin,
        disclosureUploadQuery.parse({
          firm: String(firm),
          kind,
          effective_date: effective,
          file_name: `DWA ${messages.disclosures.kinds[kind]} ${effective}.pdf`,
        }),
        'application/pdf',
        pdf,
      );
    }
  }

  const advisorUser = await userOf(deps, 'advisor@demo.test');
  const advisor = await actingAs(deps, advisorUser.id);

  // Six weeks ago, before the current Form CRS took effect.
  const signed = on(deps, addDays(today, -42));
  const riley = await userOf(deps, 'client3@demo.test');
  if ((await clientAgreements.list(advisor, riley.id)).count === 0)
    await clientAgreements.create(
      await actingAs(signed, advisorUser.id),
      clientAgreementBody.parse({
        Form_Type__c: 'Joint Clients',
        ESWA_Portal_User_ID__c: riley.id,
        ...person('Client', 'Riley J. Client', '48 Elm Street', {
          CellPhone__c: '217-555-0141',
          EmailAddress__c: riley.email,
          DoB__c: '1968-09-22',
          SSN__c: '500-22-4141',
          DriversLicense__c: 'C410-5522-0141',
        }),
        ...person('JtClt', 'Jamie K. Client', '48 Elm Street', {
          CellPhone__c: '217-555-0142',
          EmailAddress__c: 'jamie.client@example.test',
          DoB__c: '1970-01-30',
          SSN__c: '500-22-4142',
          DriversLicense__c: 'C410-5522-0142',
        }),
      }),
    );
  const rileyDates = (await disclosures.initialDeliveryDates(deps.db, [riley.id], deps.config.timeZone)).get(riley.id);
  if (!rileyDates?.crs) {
    // Opened in the portal on the day they signed: each delivery is recorded once per version. The seed
    // acts outside any session, so the receipts name none (the report says 'Not recorded'): an invented
    // address and browser would pass for evidence in the records a CCO relies on.
    const rileyThen = await actingAs(signed, riley.id);
    const deliveryDate = todayOf(signed.config);
    for (const part of ['2A', '2B'] as const)
      await disclosures.recordDelivery(
        rileyThen,
        'adv',
        deliveryDateBody.parse({ portalUserId: riley.id, deliveryDate, part }),
      );
    await disclosures.recordDelivery(
      rileyThen,
      'crs',
      deliveryDateBody.parse({ portalUserId: riley.id, deliveryDate }),
    );
  }

  const chris = await userOf(deps, 'client@demo.test');
  const chrisCtx = await actingAs(deps, chris.id);
  if ((await clientAgreements.list(chrisCtx, chris.id)).count === 0)
    await clientAgreements.create(
      chrisCtx,
      clientAgreementBody.parse({
        Form_Type__c: 'Individual Client',
        ...person('Client', 'Chris M. Client', '12 Harbor Lane', {
          CellPhone__c: '217-555-0112',
          EmailAddress__c: chris.email,
          DoB__c: '1975-04-18',
          SSN__c: '500-33-0112',
          DriversLicense__c: 'C620-7733-0112',
        }),
      }),
    );
  try {
    await investorProfiles.get(chrisCtx, chris.id, null);
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 404)) throw err;
    await investorProfiles.save(
      chrisCtx,
      chris.id,
      investorProfileBody.parse({
        IP_Relationship_Time_Horizon__c: '6-10 years',
        IP_Relationship_Withdrawal_Period__c: 'Over 20 years',
        IP_Percentage_Withdrawal__c: '1-4%',
        IP_Risk_Tolerance__c: 'Moderate (15%)',
        IP_Sources_of_Income__c: 'Stable',
        IP_Percent_of_Wealth__c: '25-50%',
        IP_Investment_Experience__c: 'Somewhat experienced',
        IP_Socially_Responsible_Investing__c: 'No',
        IP_Asset_Allocation__c: '60/40',
      }),
    );
  }
}
