import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { confirmEmailBody, messages, authScreenMessages as ui } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { currentUserKey } from '../../lib/current-user';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { confirmEmailChange, previewEmailChange } from './auth-api';
import { AuthCard } from './auth-card';

const m = messages.settings;

/**
 * The link mailed to a new address. It says what it would do (which account, masked, to which address)
 * and waits for a click: a mail scanner that opens links must not confirm anything. The password field
 * shows when someone else asked for the change.
 */
export function ConfirmEmailPage() {
  const { uid = '', token = '' } = useParams();
  const queryClient = useQueryClient();
  const form = useSchemaForm(confirmEmailBody, { uid, token, password: null });
  const preview = useQuery({
    queryKey: ['email-link', uid, token],
    queryFn: () => previewEmailChange({ uid, token }),
    retry: false,
    meta: { inlineFields: ['token'] },
  });
  const mutation = useMutation({
    mutationFn: confirmEmailChange,
    // A link problem (or the address taken meanwhile) is shown above the button, the password's on its input.
    meta: { ...form.errorMeta, inlineFields: ['token', 'password', 'email'] },
    onError: form.setServerErrors,
    // A session open in this browser shows the new address from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });

  if (mutation.isSuccess) {
    return (
      <AuthCard title={m.confirmEmailTitle}>
        <Text role="status">{messages.settings.emailChanged}</Text>
        <Text>{m.confirmEmailSignIn}</Text>
        <Anchor component={Link} to="/account/login" ta="center">
          {ui.logIn}
        </Anchor>
      </AuthCard>
    );
  }
  if (preview.isPending) {
    return (
      <AuthCard title={m.confirmEmailTitle}>
        <Spinner label={m.confirmEmailTitle} />
      </AuthCard>
    );
  }

  // What no typing fixes: a used or expired link, the address taken meanwhile; a link that cannot be read.
  const confirmProblem = isApiError(mutation.error)
    ? (mutation.error.fields.token ?? mutation.error.fields.email)
    : undefined;
  const previewProblem = isApiError(preview.error) ? (preview.error.fields.token ?? preview.error.detail) : undefined;
  const problem = confirmProblem ?? previewProblem;
  // A used or expired link, or one its wrong passwords ended: nothing more to type here.
  const deadLink = isApiError(mutation.error) && Boolean(mutation.error.fields.token);
  const link = deadLink ? undefined : preview.data;
  return (
    <AuthCard title={m.confirmEmailTitle}>
      <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {!link && (
            <Text size="sm">
              {m.confirmEmailNewLink}{' '}
              <Anchor component={Link} to="/account/login">
                {ui.logIn}
              </Anchor>
            </Text>
          )}
          {link && (
            <>
              <Text>{m.confirmEmailWhat(link.account, link.new_email)}</Text>
              {link.password_required && (
                <>
                  <Text>{m.confirmEmailPasswordPrompt}</Text>
                  <PasswordField label={ui.password} autoComplete="current-password" {...form.text('password')} />
                </>
              )}
              <Button type="submit" fullWidth loading={mutation.isPending}>
                {m.confirmEmailButton}
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
