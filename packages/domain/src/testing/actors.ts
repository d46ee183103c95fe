import { type Actor, ProfileType } from '../rules/permissions.js';

/** An actor's fields, flat: `id` and `is_admin`, and the profile's under their own names. */
export type TestActorOverrides = Partial<Pick<Actor, 'id' | 'is_admin'> & Actor['profile']>;

/**
 * The signed-in person of a rule's test: by default user 1, a standard user of firm 1 with no flags;
 * `overrides` says what this one is (`testActor({ id: 2, profile_type: ProfileType.Administrator })`).
 */
export function testActor(overrides: TestActorOverrides = {}): Actor {
  const { id = 1, is_admin = false, ...profile } = overrides;
  return {
    id,
    is_admin,
    profile: {
      _firm: 1,
      profile_type: ProfileType.StandardUser,
      is_super_admin: false,
      is_cco: false,
      is_super_cco: false,
      is_investments_user: false,
      is_manager: false,
      ...profile,
    },
  };
}
