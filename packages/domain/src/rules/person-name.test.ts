import { describe, expect, it } from 'vitest';
import { personListName, personName } from './person-name.js';

describe("a person's name as the portal shows it", () => {
  it.each([
    [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@x.test' }, 'Ada Lovelace', 'Lovelace, Ada'],
    [{ first_name: null, last_name: 'Lovelace', email: 'ada@x.test' }, 'Lovelace', 'Lovelace'],
    [{ first_name: 'Ada', last_name: '', email: 'ada@x.test' }, 'Ada', 'Ada'],
    [{ first_name: ' Ada ', last_name: ' Lovelace', email: 'ada@x.test' }, 'Ada Lovelace', 'Lovelace, Ada'],
    [{ first_name: null, last_name: null, email: 'ada@x.test' }, 'ada@x.test', 'ada@x.test'],
    [{ first_name: '  ', last_name: undefined, email: 'ada@x.test' }, 'ada@x.test', 'ada@x.test'],
    [{ first_name: null, last_name: null }, '', ''],
  ])('%o reads %s, and %s in a list', (person, name, listName) => {
    expect(personName(person)).toBe(name);
    expect(personListName(person)).toBe(listName);
  });
});
