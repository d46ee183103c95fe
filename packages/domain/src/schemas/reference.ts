import { z } from 'zod';

export const stateSchema = z.object({ id: z.number().int(), name: z.string(), abbreviation: z.string() });
export const profileTypeSchema = z.object({ profile_type_tk: z.number().int(), name: z.string() });
export const roleSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() });
export const userRoleSchema = z.object({ id: z.number().int(), user: z.number().int(), role: z.number().int() });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });
