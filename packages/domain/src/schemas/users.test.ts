import { describe, expect, it } from 'vitest';
import { userOrderings } from '../rules/user-list.js';
import { orderingsOf } from './field-table.js';
import { userFields, userListQuery } from './users.js';

describe('the users list orderings', () => {
  it("are the field table's sortable fields, each way", () => {
    expect([...userOrderings].sort()).toEqual([...orderingsOf(userFields)].sort());
  });

  it('are what the list query accepts', () => {
    expect(userListQuery.parse({ ordering: '-last_login' }).ordering).toBe('-last_login');
    expect(userListQuery.safeParse({ ordering: 'password_hash' }).success).toBe(false);
  });
});
