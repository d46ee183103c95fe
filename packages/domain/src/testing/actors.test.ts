import { describe, expect, it } from 'vitest';
import { isFirmAdmin, isStaff, isSuperAdmin, ProfileType } from '../rules/permissions.js';
import { testActor } from './actors.js';

describe('testActor', () => {
  it('is by default user 1, a standard user of firm 1 with no flags', () => {
    const a = testActor();
    expect(a).toMatchObject({ id: 1, is_admin: false, profile: { _firm: 1, profile_type: ProfileType.StandardUser } });
    expect([isStaff(a), isFirmAdmin(a), isSuperAdmin(a)]).toEqual([true, false, false]);
  });

  it('takes the actor and its profile fields flat', () => {
    const a = testActor({
      id: 9,
      is_admin: true,
      _firm: null,
      profile_type: ProfileType.FinancialAdvisor,
      is_cco: true,
    });
    expect(a).toEqual({
      id: 9,
      is_admin: true,
      profile: {
        _firm: null,
        profile_type: ProfileType.FinancialAdvisor,
        is_super_admin: false,
        is_cco: true,
        is_super_cco: false,
        is_investments_user: false,
        is_manager: false,
      },
    });
  });
});
