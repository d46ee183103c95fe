import { describe, expect, it } from 'vitest';
import type { Actor } from './permissions.js';
import { type Area, inScope, scopeOf, unscoped } from './scope.js';

const person = (id: number, type: number, flags: Partial<Actor['profile']> = {}): Actor => ({
  id,
  is_admin: false,
  profile: {
    _firm: 1,
    profile_type: type,
    is_super_admin: false,
    is_cco: false,
    is_super_cco: false,
    is_investments_user: false,
    is_manager: false,
    ...flags,
  },
});
const people = {
  superAdmin: person(1, 1, { is_super_admin: true }),
  firmAdmin: person(2, 1),
  advisor: person(3, 2),
  staff: person(4, 3),
  client: person(5, 4),
  cco: person(6, 3, { is_cco: true }),
  superCco: person(7, 3, { is_cco: true, is_super_cco: true }),
  investments: person(8, 3, { is_investments_user: true }),
  manager: person(9, 5, { is_manager: true }),
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
    const homeless = { ...people.firmAdmin, profile: { ...people.firmAdmin.profile, _firm: null } };
    expect(scopeOf(homeless, 'users').firms).toEqual([]);
  });
});
