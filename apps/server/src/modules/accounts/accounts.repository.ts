import { type Scope, USER_LIST_FIELDS, type User } from '@portal/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firms, oneTimeTokens, profiles, profileTypes, userSearchText, users } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import {
  countAll,
  type JsonText,
  orderedPage,
  type PageRequest,
  scopeWhere,
  searchWhere,
} from '../../platform/list.js';
import { statement } from '../../platform/statements.js';
import { type ProfileRow, type UserRecord, type UserRow, userEntity } from './user-entity.js';

export type { ProfileRow, UserRecord, UserRow };

/**
 * A never-activated account (no password, not deactivated) with an unused, unexpired activation link
 * out. One indexed EXISTS per row (one_time_tokens_user_idx), evaluated only for such accounts.
 */
const invitationPending = sql<boolean>`(case when ${users.passwordHash} is null and ${users.deactivatedAt} is null
  then exists (select 1 from ${oneTimeTokens} where ${oneTimeTokens.userId} = ${users.id}
    and ${oneTimeTokens.purpose} = 'account_activation' and ${oneTimeTokens.usedAt} is null
    and ${oneTimeTokens.expiresAt} > now())
  else false end)`.mapWith(Boolean);

/**
 * The new address of an unused, unexpired email-change link (a newer request used up the older ones, so
 * there is at most one). One indexed lookup (one_time_tokens_user_idx).
 */
const pendingEmail = sql<string | null>`(select ${oneTimeTokens.newEmail} from ${oneTimeTokens}
  where ${oneTimeTokens.userId} = ${users.id} and ${oneTimeTokens.purpose} = 'email_change'
    and ${oneTimeTokens.usedAt} is null and ${oneTimeTokens.expiresAt} > now()
  order by ${oneTimeTokens.id} desc limit 1)`;

/**
 * A signed-in account in wire shape, built by the database: the session check of every request reads
 * one JSON value instead of 47 columns (the mapping was most of a signed-in read's cost). Someone with
 * a session has activated their account, so no invitation is pending.
 */
export const signedInWire = sql<User>`${userEntity.wireJson({ invitation_pending: sql`false`, pending_email: pendingEmail })}`;

/** Who owns a user record, for the scope: their firm, themself, and their advisor. */
const owner = { firm: profiles.firmId, person: users.id, advisor: users.advisorId };

const selection = { user: users, profile: profiles, invitationPending, pendingEmail };
const withProfile = (r: {
  user: UserRow;
  profile: ProfileRow | null;
  invitationPending: boolean;
  pendingEmail: string | null;
}): UserRecord => ({
  ...r.user,
  profile: r.profile,
  invitationPending: r.invitationPending,
  pendingEmail: r.pendingEmail,
});

/** A live account within the scope: a soft-deleted one is invisible everywhere. */
async function findOne(ex: Executor, scope: Scope, condition: SQL): Promise<UserRecord | undefined> {
  const [row] = await ex
    .select(selection)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(condition, isNull(users.deletedAt), scopeWhere(scope, owner)));
  return row && withProfile(row);
}

export const findUserById = (ex: Executor, scope: Scope, id: number) => findOne(ex, scope, eq(users.id, id));

export const findUserByEmail = (ex: Executor, scope: Scope, email: string) =>
  findOne(ex, scope, sql`lower(${users.email}) = lower(${email.trim()})`);

/** The active, live CCOs of a firm (its super CCOs included): who is told of its late attestations. */
export async function findActiveCcos(ex: Executor, scope: Scope, firmId: number) {
  return ex
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(profiles.firmId, firmId),
        eq(profiles.isCco, true),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        scopeWhere(scope, owner),
      ),
    )
    .orderBy(users.id);
}

export async function updateUser(ex: AuditedTx, id: number, values: Partial<typeof users.$inferInsert>) {
  await ex
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** The account's last sign-in, at the transaction's time (when the session it opens starts too). */
export async function markSignedIn(ex: AuditedTx, id: number) {
  await ex.update(users).set({ lastLogin: sql`now()`, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The account deleted (kept, soft) and switched off, at the transaction's time. */
export async function markDeleted(ex: AuditedTx, id: number) {
  await ex.update(users).set({ deletedAt: sql`now()`, isActive: false, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function updateProfile(ex: AuditedTx, userId: number, values: Partial<typeof profiles.$inferInsert>) {
  if (Object.keys(values).length === 0) return;
  await ex.update(profiles).set(values).where(eq(profiles.userId, userId));
}

export async function insertUser(
  ex: AuditedTx,
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

/**
 * The two shapes of a user list, in wire shape, written as JSON text by the database and answered as
 * is: the screen's row (`userListItem`: a dozen fields, the 47-field user cost most of a page), and the
 * whole user with its firm's name (`userWithFirm`).
 */
const listShapes = {
  row: sql<JsonText>`${userEntity
    .listRow(USER_LIST_FIELDS)
    .json({ invitation_pending: invitationPending }, { profile_type_name: profileTypes.name })}::text`,
  user: sql<JsonText>`${userEntity.wireJson(
    { invitation_pending: invitationPending, pending_email: pendingEmail },
    { firm_name: firms.name, profile_type_name: profileTypes.name },
  )}::text`,
};
export type UserListShape = keyof typeof listShapes;

export interface UserListFilter {
  firmId?: number;
  profileType?: number;
  advisorId?: number;
  search?: string;
  status: 'all' | 'active' | 'inactive';
  ordering: string;
}

export async function listUsers(
  ex: Executor,
  scope: Scope,
  f: UserListFilter,
  page: PageRequest,
  shape: UserListShape,
): Promise<{ rows: JsonText[]; count: number; until: number | undefined }> {
  const readAt = Date.now();
  const where = and(
    isNull(users.deletedAt),
    scopeWhere(scope, owner),
    f.firmId === undefined ? undefined : eq(profiles.firmId, f.firmId),
    f.profileType === undefined ? undefined : eq(profiles.profileType, f.profileType),
    f.advisorId === undefined ? undefined : eq(users.advisorId, f.advisorId),
    f.status === 'all' ? undefined : eq(users.isActive, f.status === 'active'),
    searchWhere(f.search, [userSearchText(users)]),
  );
  // The order is kept per table versions and a page reads its rows by id: a firm's people or a search
  // was joined to the profiles and sorted (and planned anew) for each page.
  const withProfiles = <S extends ReturnType<Executor['select']>>(select: S) =>
    select.from(users).leftJoin(profiles, eq(profiles.userId, users.id)).$dynamic();
  const { rows, count } = await orderedPage(
    ex,
    {
      ids: withProfiles(ex.select({ id: users.id })),
      count: withProfiles(ex.select(countAll())),
      rows: async (ids, versions) => {
        const rows = withProfiles(
          ex.select({ id: users.id, user: listShapes[shape], expiresIn: msToNextExpiry, versions }),
        ).leftJoin(profileTypes, eq(profileTypes.profileTypeTk, profiles.profileType));
        const joined = shape === 'user' ? rows.leftJoin(firms, eq(firms.id, profiles.firmId)) : rows;
        return (await joined.where(inArray(users.id, ids))) as {
          id: number;
          user: JsonText;
          expiresIn: string | null;
          versions: string;
        }[];
      },
      idOf: (row) => row.id,
      countReads: ['users', 'profiles'],
    },
    where,
    userEntity.orderBy(f.ordering, users.lastName, users.firstName, users.id),
    page,
  );
  // From before the read, so the instant errs early whatever the two clocks say.
  const expiries = rows.flatMap((r) => (r.expiresIn === null ? [] : [readAt + Number(r.expiresIn)]));
  return { count, rows: rows.map((r) => r.user), until: expiries.length ? Math.min(...expiries) : undefined };
}

/**
 * How long until the first of an account's unused links expires (milliseconds, by the database's clock):
 * its pending invitation or address change stops showing then, with no write.
 */
const msToNextExpiry = sql<
  string | null
>`(select floor(extract(epoch from min(${oneTimeTokens.expiresAt}) - now()) * 1000)::bigint::text
  from ${oneTimeTokens} where ${oneTimeTokens.userId} = ${users.id} and ${oneTimeTokens.usedAt} is null
    and ${oneTimeTokens.expiresAt} > now())`;

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

/** A live account's address and first name (where a mail to it goes), or none when it is gone. */
export async function mailAddressOf(ex: Executor, userId: number) {
  const [row] = await mailAddressStatement(ex, { userId });
  return row;
}
const mailAddressStatement = statement((ex: Executor) =>
  ex
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt))),
);
