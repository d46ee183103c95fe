import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { writeAudited } from '../../platform/audit.js';
import { hashPassword } from '../../platform/passwords.js';
import {
  accountByEmail,
  insertAccount,
  type UserRecord,
  updateAccount,
  updateAccountProfile,
} from '../accounts/accounts.service.js';
import { offlineDeps } from './acting.js';
import { upsertDemoFirms } from './demo.repository.js';
import { seedDemoCompliance } from './demo-compliance.js';
import { seedDemoFirmContent } from './demo-firm-content.js';
import { seedDemoInvestments } from './demo-investments.js';
import { seedDemoOnboarding } from './demo-onboarding.js';
import { seedDemoResources } from './demo-resources.js';
import { seedDemoSso } from './demo-sso.js';
import { seedDemoSupport } from './demo-support.js';
import { setUpDemoAuthenticator } from './demo-two-factor.js';
import { seedDemoVault } from './demo-vault.js';

export const DEMO_PASSWORD = 'demo-portal-2026';

const demoFirms = [
  {
    id: 1,
    name: 'Demo Wealth Advisors',
    abbreviation: 'DWA',
    firmTk: 1,
    // The demo accounts sign in with the password alone (README); a real firm requires a second factor.
    twoFactorPolicy: 'demo' as const,
    street: '100 Main Street',
    city: 'Springfield',
    state: 'Illinois',
    zipCode: '62701',
  },
  {
    id: 2,
    name: 'Harbor Point Advisors',
    abbreviation: 'HPA',
    firmTk: 2,
    twoFactorPolicy: 'demo' as const,
    street: '1 Harbor Way',
    city: 'Portland',
    state: 'Maine',
    zipCode: '04101',
  },
];

type Flags = Partial<
  Pick<
    NonNullable<UserRecord['profile']>,
    | 'isSuperAdmin'
    | 'isCco'
    | 'isSuperCco'
    | 'isInvestmentsUser'
    | 'isManager'
    | 'isSupportHandler'
    | 'isExhibitBInvestorProfileFormUser'
    | 'isUsingSchwab'
  >
>;
interface DemoUser {
  email: string;
  first: string;
  last: string;
  firm: number;
  type: number;
  flags?: Flags;
  advisor?: string;
  /** The profile's address: the strategy form fills the client's from it (state by full name, as its list). */
  address?: Partial<Pick<NonNullable<UserRecord['profile']>, 'addressLine1' | 'city' | 'state' | 'zip'>>;
  /** The profile's title and phones: what the staff directory shows until a manager sets its own. */
  work?: Partial<Pick<NonNullable<UserRecord['profile']>, 'title' | 'phone' | 'mobilePhone'>>;
}

const demoUsers: DemoUser[] = [
  {
    email: 'super@demo.test',
    first: 'Sam',
    last: 'Super',
    firm: 1,
    type: 1,
    flags: { isSuperAdmin: true, isCco: true, isSuperCco: true },
  },
  {
    email: 'admin@demo.test',
    first: 'Alex',
    last: 'Admin',
    firm: 1,
    type: 1,
    work: { title: 'Operations Director', phone: '207-555-0110' },
  },
  {
    email: 'cco@demo.test',
    first: 'Casey',
    last: 'Compliance',
    firm: 1,
    type: 3,
    flags: { isCco: true },
    work: { title: 'Chief Compliance Officer', phone: '207-555-0120', mobilePhone: '207-555-0121' },
  },
  {
    email: 'advisor@demo.test',
    first: 'Avery',
    last: 'Advisor',
    firm: 1,
    type: 2,
    work: { title: 'Wealth Advisor', phone: '207-555-0130', mobilePhone: '207-555-0131' },
  },
  {
    email: 'invest@demo.test',
    first: 'Ivy',
    last: 'Investments',
    firm: 1,
    type: 3,
    flags: { isInvestmentsUser: true },
  },
  { email: 'staff@demo.test', first: 'Sid', last: 'Staff', firm: 1, type: 3 },
  {
    email: 'manager@demo.test',
    first: 'Morgan',
    last: 'Manager',
    firm: 1,
    type: 3,
    // The firm's named support handler: answers the staff's help and prayer requests.
    flags: { isManager: true, isSupportHandler: true },
    work: { title: 'Office Manager', phone: '207-555-0150' },
  },
  {
    email: 'client@demo.test',
    first: 'Chris',
    last: 'Client',
    firm: 1,
    type: 4,
    advisor: 'advisor@demo.test',
    flags: { isExhibitBInvestorProfileFormUser: true, isUsingSchwab: true },
    address: { addressLine1: '12 Harbor Lane', city: 'Springfield', state: 'Illinois', zip: '62701' },
  },
  {
    email: 'client3@demo.test',
    first: 'Riley',
    last: 'Client',
    firm: 1,
    type: 4,
    advisor: 'advisor@demo.test',
    address: { addressLine1: '48 Elm Street', city: 'Springfield', state: 'Illinois', zip: '62701' },
  },
  { email: 'admin2@demo.test', first: 'Blair', last: 'Admin', firm: 2, type: 1 },
  { email: 'advisor2@demo.test', first: 'Drew', last: 'Advisor', firm: 2, type: 2 },
  { email: 'client2@demo.test', first: 'Jordan', last: 'Client', firm: 2, type: 4, advisor: 'advisor2@demo.test' },
  // Signs in with a second step: the authenticator key and recovery codes are below and in the README.
  { email: 'twofactor@demo.test', first: 'Tess', last: 'Twofactor', firm: 2, type: 3 },
];

/** twofactor@demo.test's authenticator app key (base32) and recovery codes, as the README lists them. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const DEMO_RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `DEMO-CODE-${String(i + 1).padStart(4, '0')}`);

/** Loads the demo firms and accounts; running it again brings them back to the listed state. */
export async function seedDemo(db: Db, config: Config): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await writeAudited(db, { actorId: null, requestId: 'seed-demo' }, async (tx, record) => {
    await upsertDemoFirms(tx, demoFirms);
    record({ action: 'seed', entity: 'firm', changes: { firms: demoFirms.map((f) => f.abbreviation) } });
    for (const u of demoUsers) {
      const advisorId = u.advisor ? ((await accountByEmail(tx, u.advisor))?.id ?? null) : null;
      const profile = { firmId: u.firm, profileType: u.type, ...u.flags, ...u.address, ...u.work };
      // The demo's accounts are as if activated: their addresses count as proven.
      const account = {
        firstName: u.first,
        lastName: u.last,
        passwordHash,
        isActive: true,
        emailVerifiedAt: new Date(),
        advisorId,
      };
      const existing = await accountByEmail(tx, u.email);
      if (existing) {
        await updateAccount(tx, existing.id, account);
        await updateAccountProfile(tx, existing.id, profile);
      } else {
        const created = await insertAccount(tx, { email: u.email, ...account }, profile);
        record({
          action: 'create',
          entity: 'user',
          entityId: created.id,
          firmId: u.firm,
          changes: { email: u.email },
        });
      }
    }
  });
  const deps = offlineDeps(db, config);
  const twoFactor = await accountByEmail(db, 'twofactor@demo.test');
  if (twoFactor)
    await writeAudited(db, { actorId: null, requestId: 'seed-demo' }, async (tx, record) => {
      await setUpDemoAuthenticator(deps, tx, twoFactor.id, DEMO_TOTP_SECRET, DEMO_RECOVERY_CODES);
      record({
        action: 'mfa_factor_added',
        entity: 'user',
        entityId: twoFactor.id,
        firmId: 2,
        changes: { kind: 'totp' },
      });
    });
  await seedDemoCompliance(deps, 'super@demo.test');
  await seedDemoInvestments(deps);
  await seedDemoOnboarding(deps);
  await seedDemoResources(deps);
  await seedDemoSupport(deps);
  await seedDemoFirmContent(deps, 'admin@demo.test');
  await seedDemoSso(deps);
  await seedDemoVault(deps);
  await deps.background.drain();
}
