import type { User } from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { profiles, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export interface UserRecord extends UserRow {
  profile: ProfileRow | null;
}

const selection = { user: users, profile: profiles };
const withProfile = (r: { user: UserRow; profile: ProfileRow | null }): UserRecord => ({
  ...r.user,
  profile: r.profile,
});

/** A live account: a soft-deleted one is invisible everywhere. */
export async function findUserById(ex: Executor, id: number): Promise<UserRecord | undefined> {
  const [row] = await ex
    .select(selection)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row && withProfile(row);
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRecord | undefined> {
  const [row] = await ex
    .select(selection)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt)));
  return row && withProfile(row);
}

export async function updateUser(ex: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  await ex
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function updateProfile(ex: Executor, userId: number, values: Partial<typeof profiles.$inferInsert>) {
  if (Object.keys(values).length === 0) return;
  await ex.update(profiles).set(values).where(eq(profiles.userId, userId));
}

/** The wire shape of spec 000 §3: the one mapping between the database's names and the API's. */
export function toUserDto(r: UserRecord): User {
  const p = r.profile;
  return {
    id: r.id,
    email: r.email,
    first_name: r.firstName,
    middle_name: r.middleName,
    last_name: r.lastName,
    suffix: r.suffix,
    salutation: r.salutation,
    is_active: r.isActive,
    last_login: r.lastLogin ? r.lastLogin.toISOString() : null,
    is_admin: r.isAdmin,
    advisor: r.advisorId,
    created_by: r.createdById,
    profile: {
      _firm: p?.firmId ?? null,
      profile_type: p?.profileType ?? null,
      is_cco: p?.isCco ?? false,
      is_super_cco: p?.isSuperCco ?? false,
      is_super_admin: p?.isSuperAdmin ?? false,
      is_manager: p?.isManager ?? false,
      is_investments_user: p?.isInvestmentsUser ?? false,
      is_exhibit_b_investor_profile_form_user: p?.isExhibitBInvestorProfileFormUser ?? false,
      is_using_fidelity: p?.isUsingFidelity ?? false,
      is_using_national_advisors_trust: p?.isUsingNationalAdvisorsTrust ?? false,
      is_using_schwab: p?.isUsingSchwab ?? false,
      is_using_td_ameritrade: p?.isUsingTdAmeritrade ?? false,
      title: p?.title ?? null,
      company: p?.company ?? null,
      department: p?.department ?? null,
      phone: p?.phone ?? null,
      phone_extension: p?.phoneExtension ?? null,
      mobile_phone: p?.mobilePhone ?? null,
      fax: p?.fax ?? null,
      address_line_1: p?.addressLine1 ?? null,
      address_line_2: p?.addressLine2 ?? null,
      city: p?.city ?? null,
      state: p?.state ?? null,
      zip: p?.zip ?? null,
      country: p?.country ?? null,
    },
  };
}

/** API profile field → column property, for the fields a person edits about themself. */
export const profileColumns = {
  title: 'title',
  company: 'company',
  department: 'department',
  phone: 'phone',
  phone_extension: 'phoneExtension',
  mobile_phone: 'mobilePhone',
  fax: 'fax',
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  country: 'country',
} as const satisfies Record<string, keyof ProfileRow>;

export const userColumns = {
  salutation: 'salutation',
  first_name: 'firstName',
  middle_name: 'middleName',
  last_name: 'lastName',
  suffix: 'suffix',
} as const satisfies Record<string, keyof UserRow>;

export async function insertUser(
  ex: Executor,
  user: typeof users.$inferInsert,
  profile: Omit<typeof profiles.$inferInsert, 'userId'>,
): Promise<UserRecord> {
  const [row] = await ex.insert(users).values(user).returning();
  const [p] = await ex
    .insert(profiles)
    .values({ ...profile, userId: row.id })
    .returning();
  return { ...row, profile: p };
}
