import { z } from 'zod';

export const errorResponse = z.object({
  detail: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ detail: z.string() });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** Free text that a person types: trimmed, bounded so a 10 MB string is a 400, not a slow insert. */
export const text = (max = 255) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
export const optionalText = (max = 255) => text(max).optional().nullable();

export const email = z
  .string()
  .trim()
  .max(254, 'Ensure this field has no more than 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const idParam = z.object({ id: z.coerce.number().int().positive() });
