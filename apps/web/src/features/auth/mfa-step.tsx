import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authMessages, type LoginResponse, type MfaChallenge } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { loginMfa } from './auth-api';

/**
 * The second sign-in step: a 6-digit code or a recovery code, or a passkey. Loaded
 * with the sign-in page, so it stays small: the WebAuthn browser code is fetched only when the
 * person chooses their passkey.
 */
export function MfaStep({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: MfaChallenge;
  onSignedIn: (result: LoginResponse) => void;
  onStartOver: () => void;
}) {
  // A sign-in form: Mantine's form with the domain's message, like the sign-in page (see its comment).
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() ? null : authMessages.mfaEnterCode) },
  });
  const mutation = useMutation({
    mutationFn: loginMfa,
    // The failure is shown in the alert above the form.
    meta: { silent: true },
    onSuccess: onSignedIn,
  });
  const passkey = useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const webauthn = await startAuthentication({ optionsJSON: challenge.webauthn as never });
      return loginMfa({ mfa_token: challenge.mfa_token, webauthn });
    },
    meta: { silent: true },
    onSuccess: onSignedIn,
  });
  const error = mutation.error ?? passkey.error;
  const failure = error ? (isApiError(error) ? error.detail : String(error.message ?? error)) : null;
  const canCode = challenge.methods.includes('totp') || challenge.methods.includes('recovery_code');

  return (
    <Stack gap="md">
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {canCode && (
        <form
          noValidate
          onSubmit={form.onSubmit(({ code }) => mutation.mutate({ mfa_token: challenge.mfa_token, code: code.trim() }))}
        >
          <Stack gap="md">
            <Text size="sm">{authMessages.mfaPrompt}</Text>
            <TextInput
              label={authMessages.mfaCode}
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              required
              withAsterisk={false}
              {...form.getInputProps('code')}
            />
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {authMessages.mfaVerify}
            </Button>
          </Stack>
        </form>
      )}
      {challenge.methods.includes('webauthn') && (
        <Button
          variant={canCode ? 'default' : 'filled'}
          fullWidth
          loading={passkey.isPending}
          onClick={() => passkey.mutate()}
        >
          {authMessages.mfaUsePasskey}
        </Button>
      )}
      <Anchor component="button" type="button" ta="center" size="sm" onClick={onStartOver}>
        {authMessages.mfaStartOver}
      </Anchor>
    </Stack>
  );
}
