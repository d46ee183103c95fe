import { ProfileType } from '@portal/domain';
import type { firms } from '../db/schema/index.js';
import { createFirm, type createUser } from './factories.js';
import { signedInAs, type TestApp } from './test-app.js';

type Profile = NonNullable<Parameters<typeof createUser>[1]>['profile'];

/** The people a firm's tests sign in as, by the role they play. */
const ROLES = {
  admin: { profileType: ProfileType.Administrator },
  cco: { profileType: ProfileType.StandardUser, isCco: true },
  advisor: { profileType: ProfileType.FinancialAdvisor },
  staff: { profileType: ProfileType.StandardUser },
  investments: { profileType: ProfileType.StandardUser, isInvestmentsUser: true },
  manager: { profileType: ProfileType.Manager, isManager: true },
  supportHandler: { profileType: ProfileType.StandardUser, isSupportHandler: true },
  client: { profileType: ProfileType.Client },
  superAdmin: { profileType: ProfileType.Administrator, isSuperAdmin: true },
} satisfies Record<string, Profile>;

export type FirmRole = keyof typeof ROLES;
export type SignedIn = Awaited<ReturnType<typeof signedInAs>>;

/**
 * A firm and one signed-in person per role asked for, made in the order asked: `firm.admin.headers`
 * signs a request as its administrator. A client is the advisor's when the advisor is made first.
 */
export async function firmWithPeople<R extends FirmRole>(
  t: TestApp,
  roles: readonly R[],
  firm: Partial<typeof firms.$inferInsert> = {},
): Promise<{ firm: NonNullable<Awaited<ReturnType<typeof createFirm>>> } & Record<R, SignedIn>> {
  const made = await createFirm(t.deps.db, firm);
  if (!made) throw new Error('the firm was not created');
  const people = {} as Record<R, SignedIn>;
  for (const role of roles) {
    const advisor = role === 'client' ? (people as Partial<Record<FirmRole, SignedIn>>).advisor : undefined;
    people[role] = await signedInAs(t, {
      ...(advisor ? { advisorId: advisor.user.id } : {}),
      profile: { firmId: made.id, ...ROLES[role] },
    });
  }
  return { firm: made, ...people };
}
