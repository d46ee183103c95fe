import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import { canReadAuditTrail, canVerifyAuditTrail, seesEveryFirmsAuditTrail } from './audit-trail.js';

const people = {
  superAdmin: testActor({ id: 1, profile_type: 1, is_super_admin: true }),
  firmAdmin: testActor({ id: 2, profile_type: 1 }),
  cco: testActor({ id: 3, profile_type: 3, is_cco: true }),
  superCco: testActor({ id: 4, profile_type: 3, is_cco: true, is_super_cco: true }),
  advisor: testActor({ id: 5, profile_type: 2 }),
  staff: testActor({ id: 6, profile_type: 3 }),
  manager: testActor({ id: 7, profile_type: 5, is_manager: true }),
  client: testActor({ id: 8, profile_type: 4 }),
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
