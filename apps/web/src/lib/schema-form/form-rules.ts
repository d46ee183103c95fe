import { email, messages } from '@portal/domain';
import { z } from 'zod';

/**
 * The wire's email rule, asking for the address first when the field is empty: with `message` (whose
 * address it is), else as sign-in asks for one's own.
 */
export const requiredEmailWith = (message: string) => z.string().trim().min(1, message).pipe(email);
export const requiredEmail = requiredEmailWith(messages.auth.enterEmail);
