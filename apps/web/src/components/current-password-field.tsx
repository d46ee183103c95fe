import { messages } from '@portal/domain';
import { z } from 'zod';
import type { TextProps } from '../lib/schema-form/use-schema-form';
import { PasswordField } from './password-field';

/** The schema rule of a `current_password` field: asked for before anything else is checked. */
export const currentPasswordRule = z.string().min(1, messages.auth.enterPassword);

/**
 * "Current password", as Settings asks for it before an account's email or password changes; pair
 * with `currentPasswordRule` on the form's schema. `binding` is the form's `form.text('current_password')`.
 */
export function CurrentPasswordField({ binding }: { binding: TextProps }) {
  return (
    <PasswordField
      label={messages.settings.currentPassword}
      autoComplete="current-password"
      required
      withAsterisk={false}
      {...binding}
    />
  );
}
