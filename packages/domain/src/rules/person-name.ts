/** A person's name as stored: either part may be missing; the email names someone without one. */
export interface NameParts {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

const parts = (...names: (string | null | undefined)[]) => names.map((n) => n?.trim()).filter(Boolean);

/**
 * A person's name as the portal shows it: "First Last", a missing part left out; someone with neither
 * is shown by their email ('' without one). The server builds the same text in SQL with
 * `personNameSql` (apps/server/src/platform/person-name.ts), and a test holds the two together.
 */
export const personName = (p: NameParts): string => parts(p.first_name, p.last_name).join(' ') || (p.email ?? '');

/**
 * A person as the lists sorted by last name show them: "Last, First", a missing part left out; else the
 * email ('' without one). SQL: `personListNameSql`.
 */
export const personListName = (p: NameParts): string => parts(p.last_name, p.first_name).join(', ') || (p.email ?? '');
