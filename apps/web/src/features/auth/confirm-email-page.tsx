import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { confirmEmailBody, messages } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api';
import { currentUserKey } from '../../lib/current-user';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { confirmEmailChange } from './auth-api';
import { AuthCard } from './auth-card';

const m = messages.settings;

/**
 * The link mailed to a new address. It waits for a click (a mail scanner that opens links must not
 * confirm anything). The password is asked when the server says someone else asked for the change.
 */
export function ConfirmEmailPage() {
  const { uid = '', token = '' } = useParams();
  const queryClient = useQueryClient();
  const form = useSchemaForm(confirmEmailBody, { uid, token, password: null });
  const [passwordAsked, setPasswordAsked] = useState(false);
  const mutation = useMutation({
    mutationFn: confirmEmailChange,
    // A link problem is shown above the form, the password's on its input: neither is toasted.
    meta: { ...form.errorMeta, inlineFields: ['token', 'password'] },
    onError: (error) => {
      if (isApiError(error) && error.fields.password) setPasswordAsked(true);
      form.setServerErrors(error);
    },
    // A session open in this browser shows the new address from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title={m.confirmEmailTitle}>
        <Text role="status">{messages.settings.emailChanged}</Text>
        <Text>{m.confirmEmailSignIn}</Text>
        <Anchor component={Link} to="/account/login" ta="center">
          Log In
        </Anchor>
      </AuthCard>
    );
  }

  const linkProblem = isApiError(mutation.error) ? mutation.error.fields.token : undefined;
  return (
    <AuthCard title={m.confirmEmailTitle}>
      <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
        <Stack gap="md">
          {linkProblem && (
            <Alert color="red" variant="light" role="alert">
              {linkProblem}
            </Alert>
          )}
          <Text>{passwordAsked ? m.confirmEmailPasswordPrompt : m.confirmEmailPrompt}</Text>
          {passwordAsked && (
            <PasswordField label="Password" autoComplete="current-password" data-autofocus {...form.text('password')} />
          )}
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {m.confirmEmailButton}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
