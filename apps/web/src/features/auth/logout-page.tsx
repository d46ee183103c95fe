import { Button, Stack, Text } from '@mantine/core';
import { messages, authScreenMessages as ui } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { logout } from './auth-api';
import { AuthCard } from './auth-card';

export function LogoutPage() {
  const queryClient = useQueryClient();
  const started = useRef(false);
  const mutation = useMutation({
    mutationFn: logout,
    // A 401 means the session had already ended, which is the outcome wanted here.
    meta: { silent: true },
    onSettled: () => queryClient.clear(),
  });
  const { mutate } = mutation;

  useEffect(() => {
    // StrictMode mounts twice in development; the server should be asked once.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const failedOtherwise = mutation.isError && !(isApiError(mutation.error) && mutation.error.status === 401);

  return (
    <AuthCard title={ui.logOut}>
      {mutation.isPending || mutation.isIdle ? (
        <Stack align="center">
          <Spinner size="sm" label={ui.signingOut} />
        </Stack>
      ) : (
        <Stack gap="md" align="center">
          {failedOtherwise ? (
            <Text role="alert" c="red.9" ta="center">
              {isApiError(mutation.error) ? mutation.error.detail : String(mutation.error)}
            </Text>
          ) : (
            <Text ta="center">{messages.auth.loggedOut}</Text>
          )}
          <Button component={Link} to="/account/login">
            {ui.logBackIn}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
