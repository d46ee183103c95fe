import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { messages, passwordResetBody } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { requiredEmail } from '../../lib/schema-form/form-rules';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { requestPasswordReset } from './auth-api';
import { AuthCard } from './auth-card';

const schema = passwordResetBody.extend({ email: requiredEmail });

export function ForgotPasswordPage() {
  const form = useSchemaForm(schema, { email: null });
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    meta: form.errorMeta,
    onError: form.setServerErrors,
  });

  return (
    <AuthCard title="Forgot your password">
      {mutation.isSuccess ? (
        <Text role="status">{messages.auth.checkInbox}</Text>
      ) : (
        <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              {...form.text('email')}
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
