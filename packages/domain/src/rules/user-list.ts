/**
 * The users list's status filter and orderings, kept apart from the zod schemas: the list screen
 * validates its URL with them and should not download a validator to do it. They are the field
 * table's sortable fields (schemas/users.ts); a unit test holds the two together.
 */
export const userStatuses = ['all', 'active', 'inactive'] as const;

const sortable = ['email', 'first_name', 'last_name', 'is_active', 'last_login', 'profile_type'] as const;
export const userOrderings = sortable.flatMap((n) => [n, `-${n}`]) as [string, ...string[]];
