import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fieldErrorsOf } from '../../lib/form-errors';
import { requestPasswordReset } from './auth-api';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : messages.auth.enterEmail) },
  });
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    meta: { inlineFields: ['email'] },
    onError: (error) => form.setErrors(fieldErrorsOf(error, ['email'])),
  });

  return (
    <AuthCard title="Forgot your password">
      {mutation.isSuccess ? (
        <Text role="status">{messages.auth.checkInbox}</Text>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate({ email: values.email.trim() }))}>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={mutation.isPending}>
              Send recovery link
            </Button>
          </Stack>
        </form>
      )}
      <Divider label="OR" labelPosition="center" />
      <Anchor component={Link} to="/account/login" ta="center" size="sm">
        Return to LogIn
      </Anchor>
    </AuthCard>
  );
}
