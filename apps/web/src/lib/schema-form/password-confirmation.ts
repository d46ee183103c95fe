import { messages } from '@portal/domain';
import type { z } from 'zod';

const filled = (value: unknown, key: string) => {
  const field = (value as Record<string, unknown> | null)?.[key];
  return typeof field === 'string' && field !== '';
};

/**
 * A set-password schema that also says when the confirmation differs from the password, beside the
 * confirmation input. Checked as soon as both are typed, even while another field is still wrong.
 */
export function withPasswordConfirmation<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  password: string,
  confirmation: string,
): S {
  return schema.refine((values) => values[password] === values[confirmation], {
    path: [confirmation],
    message: messages.auth.passwordMismatch,
    when: ({ value }) => filled(value, password) && filled(value, confirmation),
  });
}
