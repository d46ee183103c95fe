import { PGlite } from '@electric-sql/pglite';
import { type NameParts, personListName, personName } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, expect, it } from 'vitest';
import { personListNameSql, personNameSql } from './person-name.js';

const client = new PGlite();
const db = drizzle(client);
afterAll(() => client.close());

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
  for (const p of people) {
    const columns = { first: sql`${p.first_name ?? null}::text`, last: sql`${p.last_name ?? null}::text` };
    const email = sql`${p.email ?? null}::text`;
    const [row] = (
      await db.execute<Record<string, string | null>>(sql`select
        ${personNameSql({ ...columns, email })} as name, ${personNameSql(columns)} as bare,
        ${personListNameSql({ ...columns, email })} as list, ${personListNameSql(columns)} as bare_list`)
    ).rows;
    const name = {
      name: row?.name ?? '',
      bare: row?.bare ?? '',
      list: row?.list ?? '',
      bare_list: row?.bare_list ?? '',
    };
    const { email: _, ...unmailed } = p;
    expect(name, JSON.stringify(p)).toEqual({
      name: personName(p),
      bare: personName(unmailed),
      list: personListName(p),
      bare_list: personListName(unmailed),
    });
  }
});
