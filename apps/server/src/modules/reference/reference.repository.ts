import {
  type ProfileTypeItem,
  profileTypeFields,
  type Role,
  roleFields,
  type State,
  stateFields,
  type UserRole,
  userRoleFields,
} from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { profileTypes, roles, states, userRoles } from '../../db/schema/index.js';
import { bindEntity } from '../../platform/entity.js';

const stateEntity = bindEntity('state', stateFields, { '': states });
const profileTypeEntity = bindEntity('profile type', profileTypeFields, { '': profileTypes });
const roleEntity = bindEntity('role', roleFields, { '': roles });
const userRoleEntity = bindEntity('user role', userRoleFields, { '': userRoles });

/** The states, by name. */
export async function listStates(ex: Executor) {
  return (await ex.select().from(states).orderBy(asc(states.name))).map((r) => stateEntity.toWire(r) as State);
}

/** The profile types, by their number. */
export async function listProfileTypes(ex: Executor) {
  return (await ex.select().from(profileTypes).orderBy(asc(profileTypes.profileTypeTk))).map(
    (r) => profileTypeEntity.toWire(r) as ProfileTypeItem,
  );
}

/** The roles, in the order they were made. */
export async function listRoles(ex: Executor) {
  return (await ex.select().from(roles).orderBy(asc(roles.id))).map((r) => roleEntity.toWire(r) as Role);
}

/** One person's role assignments. */
export async function rolesOfUser(ex: Executor, userId: number) {
  return (await ex.select().from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.id))).map(
    (r) => userRoleEntity.toWire(r) as UserRole,
  );
}
