import type { User } from '@portal/domain';
import { ProfileType } from '@portal/domain';

type Flags = Partial<
  Pick<User['profile'], 'is_cco' | 'is_super_cco' | 'is_super_admin' | 'is_investments_user' | 'is_manager'>
>;

/**
 * The signed-in user of a screen test: a standard user of firm 10 with the flags given (a CCO:
 * `{ is_cco: true }`). Only what the screens read is filled in.
 */
export const testUser = (flags: Flags = {}, more: { id?: number; firm?: number | null } = {}): User =>
  ({
    id: more.id ?? 4,
    email: 'cco@example.test',
    first_name: 'Casey',
    last_name: 'Compliance',
    is_admin: false,
    profile: {
      _firm: more.firm === undefined ? 10 : more.firm,
      profile_type: ProfileType.StandardUser,
      is_super_admin: false,
      is_cco: false,
      is_super_cco: false,
      is_investments_user: false,
      is_manager: false,
      ...flags,
    },
  }) as unknown as User;
