import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/form-errors';
import { confirmPasswordReset } from './auth-api';
import { AuthCard } from './auth-card';

const FIELDS = ['new_password1', 'new_password2'] as const;

export function PasswordResetPage() {
  const { uid = '', token = '' } = useParams();
  const form = useForm({
    mode: 'controlled',
    initialValues: { new_password1: '', new_password2: '' },
    validate: {
      new_password1: (value) => (value ? null : messages.http.required),
      new_password2: (value, values) =>
        !value ? messages.http.required : value !== values.new_password1 ? messages.auth.passwordMismatch : null,
    },
  });
  const mutation = useMutation({
    mutationFn: confirmPasswordReset,
    meta: { inlineFields: [...FIELDS, 'token'] },
    onError: (error) => form.setErrors(fieldErrorsOf(error, FIELDS)),
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password reset complete">
        <Text role="status">{messages.auth.resetComplete}</Text>
        <Anchor component={Link} to="/account/login" ta="center">
          Log in?
        </Anchor>
      </AuthCard>
    );
  }

  // A used or expired link cannot be fixed by typing; say so beside the form rather than on a field.
  const linkProblem = isApiError(mutation.error) ? mutation.error.fields.token : undefined;

  return (
    <AuthCard title="Reset password">
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate({ uid, token, ...values }))}>
        <Stack gap="md">
          {linkProblem && (
            <Alert color="red" variant="light" role="alert">
              <Stack gap="xs">
                <Text size="sm">{linkProblem}</Text>
                <Anchor component={Link} to="/account/password/reset" size="sm" underline="always" c="blue.9">
                  Request a new link
                </Anchor>
              </Stack>
            </Alert>
          )}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...form.getInputProps('new_password1')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...form.getInputProps('new_password2')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Save Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
