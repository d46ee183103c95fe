import { commonScreenMessages as ui } from '@portal/domain';
import type { TextProps } from '../lib/schema-form/use-schema-form';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  /** The schema form's binding of the new password, say `form.text('new_password1')`. */
  password: TextProps;
  confirmation: TextProps;
  confirmationLabel?: string;
}

/**
 * "New password" and its confirmation, as account activation, password reset and Settings ask for
 * them; pair with `withPasswordConfirmation` on the form's schema for the mismatch message.
 */
export function NewPasswordFields({
  password,
  confirmation,
  confirmationLabel = 'Confirm password',
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label={ui.newPassword} autoComplete="new-password" required withAsterisk={false} {...password} />
      <PasswordField
        label={confirmationLabel}
        autoComplete="new-password"
        required
        withAsterisk={false}
        {...confirmation}
      />
    </>
  );
}
