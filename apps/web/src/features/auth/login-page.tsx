import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { loginBody, messages } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api';
import { currentUserKey } from '../../lib/current-user';
import { safeNext } from '../../lib/safe-next';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { login } from './auth-api';
import { AuthCard } from './auth-card';

const schema = loginBody.extend({ password: z.string().min(1, messages.auth.enterPassword).max(1024) });

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const form = useSchemaForm(schema, { email: null, password: null });

  const mutation = useMutation({
    mutationFn: login,
    // The failure is shown in the alert above the form, so a toast would only repeat it.
    meta: { silent: true },
    onSuccess: ({ user }) => {
      // Whatever the previous person left in the cache is not this person's.
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, user);
      void navigate(safeNext(params.get('next')), { replace: true });
    },
  });

  const failure = mutation.error ? (isApiError(mutation.error) ? mutation.error.detail : String(mutation.error)) : null;

  return (
    <AuthCard title="Sign in">
      <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            withAsterisk={false}
            {...form.text('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            {...form.text('password')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Log In
          </Button>
          <Anchor component={Link} to="/account/password/reset" ta="center" size="sm">
            Forgot your password
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
