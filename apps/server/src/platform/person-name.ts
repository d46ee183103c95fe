import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** The columns (or expressions) of a person's name; `email` names someone without one. */
export interface NameColumns {
  first: SQLWrapper;
  last: SQLWrapper;
  email?: SQLWrapper;
}

const part = (c: SQLWrapper) => sql`nullif(btrim(${c}), '')`;
const orEmail = (name: SQL, email: SQLWrapper | undefined) =>
  email ? sql<string | null>`coalesce(nullif(${name}, ''), ${email})` : sql<string | null>`nullif(${name}, '')`;

/**
 * The domain's `personName` in SQL, for a name the database writes or reads with its row: "First Last",
 * a missing part left out, else the email; null where the domain gives ''. The two are held together by
 * person-name.test.ts.
 */
export const personNameSql = (c: NameColumns) =>
  orEmail(sql`concat_ws(' ', ${part(c.first)}, ${part(c.last)})`, c.email);

/** The domain's `personListName` in SQL: "Last, First", else the email; null where the domain gives ''. */
export const personListNameSql = (c: NameColumns) =>
  orEmail(sql`concat_ws(', ', ${part(c.last)}, ${part(c.first)})`, c.email);
