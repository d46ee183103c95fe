import { email, messages } from '@portal/domain';
import { z } from 'zod';

/** The wire's email rule, asking for the address first when the field is empty (as sign-in does). */
export const requiredEmail = z.string().trim().min(1, messages.auth.enterEmail).pipe(email);
