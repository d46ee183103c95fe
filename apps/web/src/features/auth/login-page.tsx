import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authMessages, type LoginResponse, type MfaChallenge, authScreenMessages as ui } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api';
import { currentUserKey } from '../../lib/current-user';
import { safeNext, signOutNotice } from '../../lib/safe-next';
import { login } from './auth-api';
import { AuthCard } from './auth-card';
import { MfaStep } from './mfa-step';

// Only after failed sign-ins: its code (and the widget's) stays out of the page's first load.
const CaptchaWidget = lazy(async () => ({ default: (await import('./captcha-widget')).CaptchaWidget }));

/**
 * The sign-in forms do not use the schema form: this page, its second-factor step (mfa-step.tsx), the
 * authenticator set-up a session may be held at after sign-in (settings/totp-setup.tsx) and the
 * password asked again before a change to the factors (settings/password-prompt.tsx). Sign-in is the
 * first page of every session and must load little (the test of the sign-in budget holds it under
 * 170 KB), and zod's parser is the largest part of the schema form; the other three copy it, so the
 * steps of signing in read alike. Each is Mantine's form with rules that are the domain's messages; the
 * server validates the same bodies with the domain's schemas (`loginBody`, `loginMfaBody`, ...).
 */
const required = (message: string) => (value: string) => (value.trim() ? null : message);

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: { email: required(authMessages.enterEmail), password: required(authMessages.enterPassword) },
  });

  // A person with a second factor answers the server's challenge before a session starts.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const signedIn = ({ user, mfa_setup_required }: LoginResponse & { mfa_setup_required?: boolean }) => {
    // Whatever the previous person left in the cache is not this person's.
    queryClient.clear();
    queryClient.setQueryData(currentUserKey, user);
    const next = safeNext(params.get('next'));
    // The firm requires a factor this person has not set up: set-up first, then where they were going.
    const to = mfa_setup_required ? `/account/two-factor?next=${encodeURIComponent(next)}` : next;
    void navigate(to, { replace: true });
  };
  const mutation = useMutation({
    mutationFn: login,
    // The failure is shown in the alert above the form, so a toast would only repeat it.
    meta: { silent: true },
    onSuccess: (result) => ('mfa_required' in result ? setChallenge(result) : signedIn(result)),
  });

  const failure = mutation.error ? (isApiError(mutation.error) ? mutation.error.detail : String(mutation.error)) : null;
  // Asked by the server: from then on every attempt carries a freshly solved captcha.
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const onCaptcha = useCallback((payload: string | null) => setCaptcha(payload), []);
  const asksCaptcha = isApiError(mutation.error) && mutation.error.captchaRequired;
  if (asksCaptcha && !captchaShown) setCaptchaShown(true);
  // A session ended for idleness or from elsewhere: the guard sent the person here to say so.
  const notice = signOutNotice(params);

  if (challenge)
    return (
      <AuthCard title={authMessages.mfaTitle}>
        <MfaStep
          challenge={challenge}
          onSignedIn={signedIn}
          onStartOver={() => {
            setChallenge(null);
            mutation.reset();
            form.setFieldValue('password', '');
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={ui.signIn}>
      <form
        noValidate
        onSubmit={form.onSubmit((body) => {
          mutation.mutate(
            { email: body.email.trim(), password: body.password, ...(captcha ? { captcha } : {}) },
            // A solution opens one attempt: a failed one needs a new puzzle.
            {
              onError: () => {
                if (!captcha) return;
                setCaptcha(null);
                setCaptchaRound((n) => n + 1);
              },
            },
          );
        })}
      >
        <Stack gap="md">
          {notice && !failure && (
            <Alert color="blue" variant="light" role="status">
              {notice}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={ui.email}
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={ui.password}
            autoComplete="current-password"
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          {captchaShown && (
            <Suspense fallback={null}>
              <CaptchaWidget key={captchaRound} email={form.values.email} onChange={onCaptcha} />
            </Suspense>
          )}
          <Button type="submit" fullWidth loading={mutation.isPending} disabled={captchaShown && !captcha}>
            {ui.logIn}
          </Button>
          <Anchor component={Link} to="/account/password/reset" ta="center" size="sm">
            {ui.forgotYourPassword}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
