import { type User, userFields } from '@portal/domain';
import { profiles, users } from '../../db/schema/index.js';
import { bindEntity } from '../../platform/entity.js';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export interface UserRecord extends UserRow {
  profile: ProfileRow | null;
  /** Read with the record (`invitationPending` in accounts.repository.ts); absent on rows read elsewhere (a session's user). */
  invitationPending?: boolean;
  /** Read with the record (`pendingEmail` in accounts.repository.ts): the address of a change waiting for its link. */
  pendingEmail?: string | null;
}

/** The user field table bound to its two tables: the one mapping between the API's names and ours. */
export const userEntity = bindEntity(
  'user',
  userFields,
  { '': users, profile: profiles },
  {
    invitation_pending: (row) => row.invitationPending === true,
    pending_email: (row) => (typeof row.pendingEmail === 'string' ? row.pendingEmail : null),
  },
);
export const toUserDto = (r: UserRecord) => userEntity.toWire(r as never) as User;
