import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api';
import { fieldErrorsOf } from '../../lib/form-errors';
import { activateAccount } from './auth-api';
import { AuthCard } from './auth-card';

export function ActivateAccountPage() {
  const { uid = '', token = '' } = useParams();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: (value) => (value ? null : messages.http.required),
      confirmation: (value, values) =>
        !value ? messages.http.required : value !== values.password ? messages.auth.passwordMismatch : null,
    },
  });
  const mutation = useMutation({
    mutationFn: activateAccount,
    meta: { inlineFields: ['password', 'token'] },
    onError: (error) => form.setErrors(fieldErrorsOf(error, ['password'])),
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Activate your account.">
        <Text role="status">{messages.auth.accountActivated}</Text>
        <Anchor component={Link} to="/account/login" ta="center">
          Log In
        </Anchor>
      </AuthCard>
    );
  }

  const linkProblem = isApiError(mutation.error) ? mutation.error.fields.token : undefined;

  return (
    <AuthCard title="Activate your account.">
      <Text>{messages.auth.setPasswordPrompt}</Text>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate({ uid, token, password: values.password }))}>
        <Stack gap="md">
          {linkProblem && (
            <Alert color="red" variant="light" role="alert">
              {linkProblem}
            </Alert>
          )}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Activate Account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
