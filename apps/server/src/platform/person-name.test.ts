import { PGlite } from '@electric-sql/pglite';
import { type NameParts, personListName, personName } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { personListNameSql, personNameSql } from './person-name.js';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
}, 120_000);
afterAll(() => client?.close());

const people: NameParts[] = [
  { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@x.test' },
  { first_name: null, last_name: 'Lovelace', email: 'ada@x.test' },
  { first_name: 'Ada', last_name: '', email: 'ada@x.test' },
  { first_name: ' Ada ', last_name: '  Lovelace', email: 'ada@x.test' },
  { first_name: null, last_name: null, email: 'ada@x.test' },
  { first_name: '  ', last_name: null, email: 'ada@x.test' },
  { first_name: 'Mary Ann', last_name: "O'Neil-Smith", email: null },
  { first_name: null, last_name: null, email: null },
];

it("the database names a person as the domain's functions do, with or without the email to fall back on", async () => {
  const rows = sql.join(
    people.map(
      (p, i) => sql`(${i}, ${p.first_name ?? null}::text, ${p.last_name ?? null}::text, ${p.email ?? null}::text)`,
    ),
    sql`, `,
  );
  const named = { first: sql`v.first_name`, last: sql`v.last_name` };
  const email = sql`v.email`;
  const { rows: found } = await drizzle(client).execute<Record<string, string | null>>(sql`select
      ${personNameSql({ ...named, email })} as name, ${personNameSql(named)} as bare,
      ${personListNameSql({ ...named, email })} as list, ${personListNameSql(named)} as bare_list
    from (values ${rows}) as v(i, first_name, last_name, email) order by v.i`);
  expect(
    found.map((r) => ({ name: r.name ?? '', bare: r.bare ?? '', list: r.list ?? '', bare_list: r.bare_list ?? '' })),
  ).toEqual(
    people.map(({ email: _, ...unmailed }, i) => ({
      name: personName(people[i] as NameParts),
      bare: personName(unmailed),
      list: personListName(people[i] as NameParts),
      bare_list: personListName(unmailed),
    })),
  );
}, 120_000);
