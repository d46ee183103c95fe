import { z } from 'zod';
import { defineFields, readSchema } from './field-table.js';

/** The fixed lists every signed-in person may read; the server keeps them, nobody edits them here. */
export const stateFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  name: { column: 'name', read: z.string(), set: 'server' },
  abbreviation: { column: 'abbreviation', read: z.string(), set: 'server' },
});
export const profileTypeFields = defineFields({
  profile_type_tk: { column: 'profileTypeTk', read: z.number().int(), set: 'server' },
  name: { column: 'name', read: z.string(), set: 'server' },
});
export const roleFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  name: { column: 'name', read: z.string(), set: 'server' },
  description: { column: 'description', read: z.string().nullable(), set: 'server' },
});
/** A person's assignment of a role. */
export const userRoleFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  user: { column: 'userId', read: z.number().int(), set: 'server' },
  role: { column: 'roleId', read: z.number().int(), set: 'server' },
});

export const stateSchema = readSchema(stateFields);
export const profileTypeSchema = readSchema(profileTypeFields);
export const roleSchema = readSchema(roleFields);
export const userRoleSchema = readSchema(userRoleFields);
export const listOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
export type State = z.infer<typeof stateSchema>;
export type ProfileTypeItem = z.infer<typeof profileTypeSchema>;
export type Role = z.infer<typeof roleSchema>;
export type UserRole = z.infer<typeof userRoleSchema>;
