import { ProfileType } from '@portal/domain';
import type { Db, Executor } from '../db/client.js';
import {
  attestations,
  firms,
  outsideBusinessActivities,
  personalSecurities,
  politicalContributions,
  supervisedPersons,
} from '../db/schema/index.js';
import { insertUser, type ProfileRow, type UserRow } from '../modules/accounts/accounts.repository.js';
import type { AuditedTx } from '../platform/audit.js';
import { hashPassword } from '../platform/passwords.js';

export const TEST_PASSWORD = 'Correct horse battery staple!';

/** argon2 costs ~50 ms a hash: factories share one. */
let passwordHash: Promise<string> | undefined;
const sharedHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};

/**
 * Set-up that calls a repository's write as a service would, in one transaction but with no audit
 * event: only tests may skip the event (the server writes through `writeAudited`).
 */
export function fixtureTx<T>(db: Executor, work: (tx: AuditedTx) => Promise<T>): Promise<T> {
  return fixtureDb(db).transaction((tx) => work(tx as AuditedTx));
}

/** The database with its write calls, for set-up that puts rows in place directly: tests only. */
export const fixtureDb = (db: Executor) => db as Db;

let seq = 0;
const next = () => ++seq;

/**
 * A firm; by default with the demo firms' two-factor policy (the password alone), so the suites of
 * other areas sign their people in in one step. Two-factor tests set the policy they test.
 */
export async function createFirm(db: Executor, overrides: Partial<typeof firms.$inferInsert> = {}) {
  const n = next();
  const [firm] = await fixtureDb(db)
    .insert(firms)
    .values({ name: `Firm ${n}`, abbreviation: `F${n}`, twoFactorPolicy: 'demo', ...overrides })
    .returning();
  return firm;
}

export async function createUser(
  db: Executor,
  overrides: Partial<UserRow> & { profile?: Partial<Omit<ProfileRow, 'userId'>> } = {},
) {
  const n = next();
  const { profile, ...user } = overrides;
  const passwordHash = await sharedHash();
  return fixtureTx(db, (tx) =>
    insertUser(
      tx,
      {
        email: `user${n}@example.test`,
        firstName: `First${n}`,
        lastName: `Last${n}`,
        passwordHash,
        isActive: true,
        // An account with a password has been activated, which proved its address; one made without is not.
        emailVerifiedAt: user.passwordHash === null ? null : new Date(),
        ...user,
      },
      { profileType: ProfileType.StandardUser, ...profile },
    ),
  );
}

/**
 * An attestation with one row in each list, written straight to the tables: each call takes a period of
 * its own (fiscal years from 1901 up), so a person may hold any number of them.
 */
export async function createAttestation(
  db: Executor,
  o: {
    ownerId: number;
    firmId: number;
    fiscalYear?: number;
    fiscalQuarter?: 1 | 2 | 3 | 4;
    status?: 'Submitted' | 'Reviewed';
    submittedDate?: string;
  },
) {
  const n = next();
  const fiscalYear = o.fiscalYear ?? 1900 + n;
  const fiscalQuarter = o.fiscalQuarter ?? 1;
  const [a] = await fixtureDb(db)
    .insert(attestations)
    .values({
      name: `Person ${n} - F FY${fiscalYear} Q${fiscalQuarter}`,
      ownerId: o.ownerId,
      firmId: o.firmId,
      fiscalYear,
      fiscalQuarter,
      status: o.status ?? 'Submitted',
      submittedDate: o.submittedDate ?? '2026-07-01',
      firstName: 'Person',
      lastName: `${n}`,
      employmentDate: '2020-01-01',
    })
    .returning();
  const child = { attestationId: a.id, approvedBy: 'CCO', approvedDate: '2026-07-01' };
  const [security] = await fixtureDb(db)
    .insert(personalSecurities)
    .values({ attestationId: a.id, accountOwner: 'Owner', accountNumber: `A${n}`, custodian: 'Schwab' })
    .returning();
  const [activity] = await fixtureDb(db)
    .insert(outsideBusinessActivities)
    .values({ ...child, name: 'Board' })
    .returning();
  const [contribution] = await fixtureDb(db)
    .insert(politicalContributions)
    .values({
      ...child,
      amount: '100.00',
      candidateName: 'Jane Doe',
      politicalRace: 'Mayor',
      electionDate: '2026-11-03',
    })
    .returning();
  return { attestation: a, security, activity, contribution };
}

export async function addToRoster(
  db: Executor,
  userId: number,
  flags: Partial<typeof supervisedPersons.$inferInsert> = {},
) {
  const [row] = await fixtureDb(db)
    .insert(supervisedPersons)
    .values({ userId, ...flags })
    .returning();
  return row;
}
