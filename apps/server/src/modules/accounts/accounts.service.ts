import { type Scope, unscoped } from '@portal/domain';
import type { Executor } from '../../db/client.js';
import type { AuditedTx } from '../../platform/audit.js';
import {
  emailTaken,
  findActiveCcos,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  mailAddressOf,
  markDeleted,
  markSignedIn,
  signedInWire,
  type UserListShape,
  updateProfile,
  updateUser,
} from './accounts.repository.js';
import { type ProfileRow, toUserDto, type UserRecord, type UserRow, userEntity } from './user-entity.js';

// The accounts: a person's user and profile rows, read and written in this one place. The users module
// manages them for people (the screens' rules), the auth module signs them in, and the modules that
// act for nobody (links, jobs, the seed) read them here. It imports no other module.

export type { ProfileRow, UserListShape, UserRecord, UserRow };
/** The user field table bound to the accounts' tables (the users module's writes and audit diffs). */
export { userEntity };

/** An account by id, whoever asks (sign-in, links, jobs, the seed): a soft-deleted one is absent. */
export const accountById = (ex: Executor, id: number) => findUserById(ex, unscoped('account by id'), id);

/** An account by its address, whatever its case and surrounding blanks. */
export const accountByEmail = (ex: Executor, email: string) => findUserByEmail(ex, unscoped('account by email'), email);

/** An account within the caller's scope, or undefined when they do not reach it. */
export const accountInScope = (ex: Executor, scope: Scope, id: number) => findUserById(ex, scope, id);

/** For the attestation reminders' escalation, which acts for nobody. */
export const activeCcosOf = (ex: Executor, firmId: number) =>
  findActiveCcos(ex, unscoped('the CCOs a firm escalates to'), firmId);

/** A live account's address and first name (where a status change or a reply is mailed), or none. */
export const mailAddressOfAccount = (ex: Executor, userId: number) => mailAddressOf(ex, userId);

/** An account in the API's shape (the user field table's wire). */
export const accountWire = (r: UserRecord) => toUserDto(r);

/** The SQL of an account's wire shape, for the session check's one query (users and profiles joined). */
export const signedInWireSql = () => signedInWire;

/** The caller's transaction writes an account's own columns (`updatedAt` moves with them). */
export async function updateAccount(tx: AuditedTx, id: number, values: Partial<UserRow>) {
  await updateUser(tx, id, values);
}

/** The account signed in: its last sign-in is now, in the caller's transaction. */
export async function recordSignIn(tx: AuditedTx, id: number) {
  await markSignedIn(tx, id);
}

/** The account deleted: kept for the records, hidden everywhere and unable to sign in. */
export async function deleteAccount(tx: AuditedTx, id: number) {
  await markDeleted(tx, id);
}

/** The caller's transaction writes an account's profile columns (nothing to write: nothing done). */
export async function updateAccountProfile(tx: AuditedTx, userId: number, values: Partial<ProfileRow>) {
  await updateProfile(tx, userId, values);
}

/** A new account with its profile, in the caller's transaction. */
export const insertAccount = (
  tx: AuditedTx,
  user: Parameters<typeof insertUser>[1],
  profile: Parameters<typeof insertUser>[2],
) => insertUser(tx, user, profile);

/** A page of accounts in one of the lists' shapes (the users screens). */
export const listAccounts = (...args: Parameters<typeof listUsers>) => listUsers(...args);
/**
 * What a users list is made of (`keptAnswer`): the accounts, profiles and firms, and the accounts'
 * pending links (an invitation, an address change).
 */
export const accountListReads = ['users', 'profiles', 'firms', 'one_time_tokens'] as const;

/** Whether another live account already has the address. */
export const accountEmailTaken = (ex: Executor, email: string, exceptId?: number) => emailTaken(ex, email, exceptId);
