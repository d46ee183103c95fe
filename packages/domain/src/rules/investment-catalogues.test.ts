import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import {
  canAskForAdvisorEntries,
  canManageCatalogues,
  canManageCataloguesOf,
  canReadCatalogues,
} from './investment-catalogues.js';
import { menuFor } from './menu.js';
import { ProfileType } from './permissions.js';

describe('who keeps the models and fee schedules', () => {
  const superAdmin = testActor({ id: 1, profile_type: ProfileType.Administrator, is_super_admin: true });
  const firmAdmin = testActor({ id: 2, profile_type: ProfileType.Administrator });
  const investments = testActor({ id: 3, profile_type: ProfileType.StandardUser, is_investments_user: true });
  const advisor = testActor({ id: 4, profile_type: ProfileType.FinancialAdvisor });
  const staff = testActor({ id: 5, profile_type: ProfileType.StandardUser });
  const client = testActor({ id: 6, profile_type: ProfileType.Client, is_investments_user: true });
  const cco = testActor({ id: 7, profile_type: ProfileType.StandardUser, is_cco: true, is_super_cco: true });

  it.each([
    ['a super admin', superAdmin, true, true],
    ['a firm administrator', firmAdmin, true, true],
    ['an investments user', investments, true, true],
    ['an advisor', advisor, true, false],
    ['a standard user', staff, false, false],
    ['a super CCO', cco, false, false],
    ['a client, even one flagged as an investments user', client, false, false],
  ])('%s reads: %s, manages: %s', (_, actor, reads, manages) => {
    expect(canReadCatalogues(actor)).toBe(reads);
    expect(canManageCatalogues(actor)).toBe(manages);
  });

  it("keeps one's own firm's entries, a super admin every firm's", () => {
    expect(canManageCataloguesOf(investments, 1)).toBe(true);
    expect(canManageCataloguesOf(investments, 2)).toBe(false);
    expect(canManageCataloguesOf(firmAdmin, 2)).toBe(false);
    expect(canManageCataloguesOf(superAdmin, 2)).toBe(true);
    expect(canManageCataloguesOf(advisor, 1)).toBe(false);
  });

  it("lets an advisor ask for their own entries only, a manager for any advisor's", () => {
    expect(canAskForAdvisorEntries(advisor, 4)).toBe(true);
    expect(canAskForAdvisorEntries(advisor, 9)).toBe(false);
    expect(canAskForAdvisorEntries(investments, 9)).toBe(true);
    expect(canAskForAdvisorEntries(staff, 5)).toBe(false);
  });
});

describe('the Investments menu', () => {
  const entriesOf = (actor: ReturnType<typeof testActor>) =>
    menuFor(actor)
      .find((g) => g.id === 'investments')
      ?.entries.map((e) => e.label) ?? [];

  it('lists the requests and the four catalogues for investments users and administrators, the requests for advisors, and nothing for others', () => {
    const requests = ['Cash Requests', 'Investment Strategies'];
    const catalogues = ['Firm Fee Schedules', 'Firm Models', 'Fee Schedule List', 'Model List'];
    expect(entriesOf(testActor({ is_investments_user: true }))).toEqual([...requests, ...catalogues]);
    expect(entriesOf(testActor({ profile_type: ProfileType.Administrator }))).toEqual([...requests, ...catalogues]);
    expect(entriesOf(testActor({ profile_type: ProfileType.FinancialAdvisor }))).toEqual(requests);
    expect(entriesOf(testActor({ profile_type: ProfileType.StandardUser }))).toEqual([]);
    expect(entriesOf(testActor({ profile_type: ProfileType.Client, is_investments_user: true }))).toEqual([]);
  });
});
