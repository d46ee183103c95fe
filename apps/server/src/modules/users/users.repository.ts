import type { User, UserListItem } from '@portal/domain';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firms, profiles, profileTypes, users } from '../../db/schema/index.js';
import { likeContains } from '../../platform/pagination.js';

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

const sortable = {
  last_name: users.lastName,
  first_name: users.firstName,
  email: users.email,
  last_login: users.lastLogin,
  profile_type: profiles.profileType,
  is_active: users.isActive,
} as const;
export type UserSortKey = keyof typeof sortable;

export interface UserListFilter {
  /** The caller's reach: a firm, an advisor's clients, or one person. */
  scope: { firmId?: number | null; advisorId?: number; userId?: number };
  firmId?: number;
  profileType?: number;
  advisorId?: number;
  search?: string;
  status: 'all' | 'active' | 'inactive';
  sort: UserSortKey;
  desc: boolean;
  limit: number;
  offset: number;
}

export async function listUsers(ex: Executor, f: UserListFilter): Promise<{ rows: UserListItem[]; count: number }> {
  const filters: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (f.scope.firmId !== undefined) filters.push(eq(profiles.firmId, f.scope.firmId ?? -1));
  if (f.scope.advisorId !== undefined) filters.push(eq(users.advisorId, f.scope.advisorId));
  if (f.scope.userId !== undefined) filters.push(eq(users.id, f.scope.userId));
  if (f.firmId !== undefined) filters.push(eq(profiles.firmId, f.firmId));
  if (f.profileType !== undefined) filters.push(eq(profiles.profileType, f.profileType));
  if (f.advisorId !== undefined) filters.push(eq(users.advisorId, f.advisorId));
  if (f.status !== 'all') filters.push(eq(users.isActive, f.status === 'active'));
  if (f.search) {
    const like = likeContains(f.search);
    filters.push(
      or(
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      ),
    );
  }
  const where = and(...filters);
  const column = sortable[f.sort];
  const order = f.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const base = ex
    .select({ user: users, profile: profiles, firmName: firms.name, typeName: profileTypes.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(firms, eq(firms.id, profiles.firmId))
    .leftJoin(profileTypes, eq(profileTypes.profileTypeTk, profiles.profileType));
  const [rows, [{ n }]] = await Promise.all([
    base
      .where(where)
      .orderBy(order, asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(f.limit)
      .offset(f.offset),
    ex.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where),
  ]);
  return {
    count: n,
    rows: rows.map((r) => ({ ...toUserDto(withProfile(r)), firm_name: r.firmName, profile_type_name: r.typeName })),
  };
}

export async function emailTaken(ex: Executor, email: string, exceptId?: number) {
  const [row] = await ex
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        isNull(users.deletedAt),
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}
