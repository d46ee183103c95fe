import { Anchor, Stack, Text } from '@mantine/core';
import { messages, passwordResetConfirmBody, authScreenMessages as ui } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { withPasswordConfirmation } from '../../lib/schema-form/password-confirmation';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { confirmPasswordReset } from './auth-api';
import { AuthCard } from './auth-card';
import { SetPasswordForm } from './set-password-form';

const schema = withPasswordConfirmation(passwordResetConfirmBody, 'new_password1', 'new_password2');

export function PasswordResetPage() {
  const { uid = '', token = '' } = useParams();
  const form = useSchemaForm(schema, { uid, token, new_password1: null, new_password2: null });
  const mutation = useMutation({
    mutationFn: confirmPasswordReset,
    // A link problem is shown above the form rather than toasted.
    meta: { ...form.errorMeta, inlineFields: ['token'] },
    onError: form.setServerErrors,
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title={ui.passwordResetComplete}>
        <Text role="status">{messages.auth.resetComplete}</Text>
        <Anchor component={Link} to="/account/login" ta="center">
          {ui.logInQuestion}
        </Anchor>
      </AuthCard>
    );
  }

  const linkProblem = isApiError(mutation.error) ? mutation.error.fields.token : undefined;

  return (
    <AuthCard title={ui.resetPassword}>
      <SetPasswordForm
        password={form.text('new_password1')}
        confirmation={form.text('new_password2')}
        linkProblem={
          linkProblem && (
            <Stack gap="xs">
              <Text size="sm">{linkProblem}</Text>
              <Anchor component={Link} to="/account/password/reset" size="sm" underline="always" c="blue.9">
                {ui.requestANewLink}
              </Anchor>
            </Stack>
          )
        }
        submitLabel={ui.savePassword}
        pending={mutation.isPending}
        onSubmit={form.onSubmit((body) => mutation.mutate(body))}
      />
    </AuthCard>
  );
}
