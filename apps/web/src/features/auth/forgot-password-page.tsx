import { Anchor, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { messages, passwordResetBody, authScreenMessages as ui } from '@portal/domain';
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
    <AuthCard title={ui.forgotYourPassword}>
      {mutation.isSuccess ? (
        <Text role="status">{messages.auth.checkInbox}</Text>
      ) : (
        <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
          <Stack gap="md">
            <TextInput
              label={ui.email}
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              {...form.text('email')}
            />
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {ui.sendRecoveryLink}
            </Button>
          </Stack>
        </form>
      )}
      <Divider label={ui.or} labelPosition="center" />
      <Anchor component={Link} to="/account/login" ta="center" size="sm">
        {ui.returnToLogin}
      </Anchor>
    </AuthCard>
  );
}
