import { addDays, type ResourceCategory, resourceCreateFields, resourceListQuery } from '@portal/domain';
import { todayOf } from '../../platform/clock.js';
import type { AppDeps } from '../../platform/context.js';
import * as resources from '../resources/resources.service.js';
import { actingAs, on, userOf } from './acting.js';
import { demoPdf } from './demo-pdf.js';

interface DemoResource {
  category: ResourceCategory;
  name: string;
  file: string;
  acknowledgement?: 'code_of_ethics' | 'ia_manual';
  paragraphs: string[];
}

/** The seed's four: two Compliance documents, two Operations manuals. */
const DOCUMENTS: DemoResource[] = [
  {
    category: 'compliance',
    name: 'Code of Ethics',
    file: 'Code of Ethics.pdf',
    acknowledgement: 'code_of_ethics',
    paragraphs: [
      'Standards of business conduct: we place clients’ interests first and act with integrity.',
      'Personal securities: access persons report holdings yearly and transactions each quarter.',
      'Gifts and entertainment: report any gift over $100 to the Chief Compliance Officer.',
      'Each supervised person acknowledges this code, and each amendment, in writing (Rule 204A-1).',
    ],
  },
  {
    category: 'compliance',
    name: 'Compliance Manual',
    file: 'Compliance Manual.pdf',
    acknowledgement: 'ia_manual',
    paragraphs: [
      'Policies and procedures under Rule 206(4)-7, reviewed at least once a year.',
      'Books and records, advertising, custody, trading and the annual compliance review.',
    ],
  },
  {
    category: 'operations',
    name: 'Advisors Operations Manual',
    file: 'Advisors Operations Manual.pdf',
    paragraphs: [
      'Opening accounts, moving assets and filing cash requests and investment strategies in the portal.',
      'Client onboarding: the client agreement, the investor profile, Form ADV and Form CRS.',
    ],
  },
  {
    category: 'operations',
    name: 'Home Office Operations Manual',
    file: 'Home Office Operations Manual.pdf',
    paragraphs: [
      'Billing, reconciliation and the quarterly attestation calendar.',
      'Who to ask: operations, compliance, technology and the help requests in the portal.',
    ],
  },
];

/** Everyone on the firm's staff acknowledged both documents a week ago, but these (the demo's open items). */
const NOT_ACKNOWLEDGED: Record<string, string[]> = {
  'Code of Ethics': ['staff@demo.test'],
  'Compliance Manual': ['staff@demo.test', 'invest@demo.test'],
};
const STAFF = [
  'super@demo.test',
  'admin@demo.test',
  'cco@demo.test',
  'advisor@demo.test',
  'invest@demo.test',
  'staff@demo.test',
  'manager@demo.test',
];

/**
 * The training resources of the demo, through the service as the API calls it: Demo Wealth Advisors'
 * administrator adds the four documents a month ago (small PDFs the portal makes); the staff acknowledged
 * the Compliance documents a week ago, but for Sid Staff (neither) and Ivy Investments (the manual), so the
 * CCO's report has someone to chase. Harbor Point Advisors gets the same documents, unacknowledged. A
 * second run finds them and adds nothing.
 */
export async function seedDemoResources(deps: AppDeps) {
  const today = todayOf(deps.config);
  for (const [adminEmail, firmName] of [
    ['admin@demo.test', 'Demo Wealth Advisors'],
    ['admin2@demo.test', 'Harbor Point Advisors'],
  ] as const) {
    const admin = await actingAs(on(deps, addDays(today, -30)), (await userOf(deps, adminEmail)).id);
    const listed = await resources.list(admin, resourceListQuery.parse({ category: 'compliance' }));
    if (listed.count > 0) continue;
    for (const doc of DOCUMENTS) {
      const pdf = await demoPdf(firmName, doc.name, 'Training resource', doc.paragraphs);
      const created = await resources.create(
        admin,
        resourceCreateFields.parse({ category: doc.category, name: doc.name, acknowledgement: doc.acknowledgement }),
        { fileName: doc.file, bytes: pdf },
      );
      if (!doc.acknowledgement || adminEmail !== 'admin@demo.test') continue;
      for (const email of STAFF) {
        if (NOT_ACKNOWLEDGED[doc.name]?.includes(email)) continue;
        await resources.acknowledge(
          await actingAs(on(deps, addDays(today, -7)), (await userOf(deps, email)).id),
          created.id,
        );
      }
    }
  }
}
