import { z } from 'zod';
import { messages } from '../messages.js';
import { email } from './common.js';

/** Passwords are never trimmed (a space is a character) and are bounded before hashing. */
const password = z.string().max(1024, messages.validation.maxLength(1024));
const required = (schema: z.ZodString) => schema.min(1, messages.validation.required);

export const loginBody = z.object({
  email: z.string().trim().max(254, messages.validation.maxLength(254)).min(1, messages.validation.enterEmail),
  password: required(password),
});
export type LoginBody = z.infer<typeof loginBody>;

export const passwordResetBody = z.object({ email });
export const uidToken = { uid: z.string().max(64), token: z.string().max(256) };

export const passwordResetConfirmBody = z.object({
  ...uidToken,
  new_password1: required(password),
  new_password2: required(password),
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

export const accountConfirmBody = z.object({ ...uidToken, password: required(password) });
export type AccountConfirmBody = z.infer<typeof accountConfirmBody>;

export const tokenBody = z.object({ token: z.string().min(1, messages.validation.required).max(4096) });
export const tokenResponse = z.object({ token: z.string() });

export const changePasswordBody = z.object({
  current_password: required(password),
  new_password: required(password),
  new_password_confirmation: required(password),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The current password re-proves who is asking: a stolen session alone cannot move the account away. */
export const changeEmailBody = z.object({ email, current_password: required(password) });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
