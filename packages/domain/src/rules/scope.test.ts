import { describe, expect, it } from 'vitest';
import { testActor } from '../testing/actors.js';
import { ProfileType } from './permissions.js';
import { type Area, inScope, scopeOf, unscoped } from './scope.js';

const people = {
  superAdmin: testActor({ id: 1, profile_type: ProfileType.Administrator, is_super_admin: true }),
  firmAdmin: testActor({ id: 2, profile_type: ProfileType.Administrator }),
  advisor: testActor({ id: 3, profile_type: ProfileType.FinancialAdvisor }),
  staff: testActor({ id: 4, profile_type: ProfileType.StandardUser }),
  client: testActor({ id: 5, profile_type: ProfileType.Client }),
  cco: testActor({ id: 6, profile_type: ProfileType.StandardUser, is_cco: true }),
  superCco: testActor({ id: 7, profile_type: ProfileType.StandardUser, is_cco: true, is_super_cco: true }),
  investments: testActor({ id: 8, profile_type: ProfileType.StandardUser, is_investments_user: true }),
  manager: testActor({ id: 9, profile_type: ProfileType.Manager, is_manager: true }),
};
type Who = keyof typeof people;

/** What each person's scope is in each area, written the way the rule reads. */
const ALL = { firms: 'all', people: 'all' };
const FIRM = { firms: [1], people: 'all' };
const SELF = (id: number) => ({ firms: [1], people: { self: id } });
const BOOK = (id: number) => ({ firms: [1], people: { advisorOf: id } });
const NONE = { firms: [], people: 'all' };

const expected: Record<Area, Record<Who, object>> = {
  users: {
    superAdmin: ALL,
    firmAdmin: FIRM,
    advisor: BOOK(3),
    staff: SELF(4),
    client: SELF(5),
    cco: SELF(6),
    superCco: SELF(7),
    investments: SELF(8),
    manager: SELF(9),
  },
  firms: {
    superAdmin: ALL,
    firmAdmin: FIRM,
    advisor: FIRM,
    staff: FIRM,
    client: FIRM,
    cco: FIRM,
    superCco: ALL,
    investments: FIRM,
    manager: FIRM,
  },
  compliance: {
    superAdmin: SELF(1),
    firmAdmin: SELF(2),
    advisor: SELF(3),
    staff: SELF(4),
    client: NONE,
    cco: FIRM,
    superCco: ALL,
    investments: SELF(8),
    manager: SELF(9),
  },
  investments: {
    superAdmin: ALL,
    firmAdmin: FIRM,
    advisor: BOOK(3),
    staff: NONE,
    client: NONE,
    cco: NONE,
    superCco: NONE,
    investments: FIRM,
    manager: NONE,
  },
  onboarding: {
    superAdmin: ALL,
    firmAdmin: FIRM,
    advisor: BOOK(3),
    staff: NONE,
    client: SELF(5),
    cco: NONE,
    superCco: NONE,
    investments: NONE,
    manager: NONE,
  },
  support: {
    superAdmin: ALL,
    firmAdmin: FIRM,
    advisor: SELF(3),
    staff: SELF(4),
    client: NONE,
    cco: SELF(6),
    superCco: SELF(7),
    investments: SELF(8),
    manager: SELF(9),
  },
  directory: {
    superAdmin: ALL,
    firmAdmin: FIRM,
    advisor: FIRM,
    staff: FIRM,
    client: NONE,
    cco: FIRM,
    superCco: FIRM,
    investments: FIRM,
    manager: FIRM,
  },
  resources: {
    superAdmin: ALL,
    firmAdmin: FIRM,
    advisor: FIRM,
    staff: FIRM,
    client: NONE,
    cco: FIRM,
    superCco: ALL,
    investments: FIRM,
    manager: FIRM,
  },
  firmContent: {
    superAdmin: FIRM,
    firmAdmin: FIRM,
    advisor: FIRM,
    staff: FIRM,
    client: FIRM,
    cco: FIRM,
    superCco: FIRM,
    investments: FIRM,
    manager: FIRM,
  },
  audit: {
    superAdmin: ALL,
    firmAdmin: FIRM,
    advisor: NONE,
    staff: NONE,
    client: NONE,
    cco: FIRM,
    superCco: ALL,
    investments: NONE,
    manager: NONE,
  },
};

describe('the scope of each person in each area', () => {
  for (const [area, row] of Object.entries(expected) as [Area, Record<Who, object>][]) {
    for (const [who, scope] of Object.entries(row) as [Who, object][]) {
      it(`${who} in ${area}`, () => {
        const { firms, people: reach } = scopeOf(people[who], area);
        expect({ firms, people: reach }).toEqual(scope);
      });
    }
  }

  it('places a record inside or outside a scope by firm, owner and owner’s advisor', () => {
    const book = scopeOf(people.advisor, 'onboarding');
    expect(inScope(book, { firmId: 1, personId: 50, advisorId: 3 })).toBe(true);
    expect(inScope(book, { firmId: 1, personId: 3 })).toBe(true);
    expect(inScope(book, { firmId: 1, personId: 51, advisorId: 4 })).toBe(false);
    expect(inScope(book, { firmId: 2, personId: 50, advisorId: 3 })).toBe(false);
    expect(inScope(scopeOf(people.client, 'compliance'), { firmId: 1, personId: 5 })).toBe(false);
    expect(inScope(unscoped('test'), { firmId: 99, personId: 1 })).toBe(true);
  });

  it('gives a person without a firm no firm at all', () => {
    const homeless = testActor({ id: 2, profile_type: ProfileType.Administrator, _firm: null });
    expect(scopeOf(homeless, 'users').firms).toEqual([]);
  });
});
