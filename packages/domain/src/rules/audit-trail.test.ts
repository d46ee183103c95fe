import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import { canReadAuditTrail, canVerifyAuditTrail, seesEveryFirmsAuditTrail } from './audit-trail.js';
import { ProfileType } from './permissions.js';

const people = {
  superAdmin: testActor({ id: 1, profile_type: ProfileType.Administrator, is_super_admin: true }),
  firmAdmin: testActor({ id: 2, profile_type: ProfileType.Administrator }),
  cco: testActor({ id: 3, profile_type: ProfileType.StandardUser, is_cco: true }),
  superCco: testActor({ id: 4, profile_type: ProfileType.StandardUser, is_cco: true, is_super_cco: true }),
  advisor: testActor({ id: 5, profile_type: ProfileType.FinancialAdvisor }),
  staff: testActor({ id: 6, profile_type: ProfileType.StandardUser }),
  manager: testActor({ id: 7, profile_type: ProfileType.Manager, is_manager: true }),
  client: testActor({ id: 8, profile_type: ProfileType.Client }),
};

describe('who reads and checks the audit trail', () => {
  it.each([
    ['superAdmin', true, true, true],
    ['firmAdmin', true, false, false],
    ['cco', true, false, true],
    ['superCco', true, true, true],
    ['advisor', false, false, false],
    ['staff', false, false, false],
    ['manager', false, false, false],
    ['client', false, false, false],
  ] as const)('%s: reads %s, every firm %s, verifies %s', (who, reads, everyFirm, verifies) => {
    const a = people[who];
    expect(canReadAuditTrail(a)).toBe(reads);
    expect(reads && seesEveryFirmsAuditTrail(a)).toBe(everyFirm);
    expect(canVerifyAuditTrail(a)).toBe(verifies);
  });
});
