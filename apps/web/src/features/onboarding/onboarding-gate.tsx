import { Alert, Button, Center, Group, Text } from '@mantine/core';
import { messages, type OnboardingStepKey, onboardingRedirect, type User } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/spinner';
import { statusQuery } from './onboarding-api';

export function Loading() {
  return (
    <Center py="xl">
      <Spinner size="sm" label={messages.lists.loading} />
    </Center>
  );
}

/** A read that failed (the query client's toast said why), with a button to read it again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" variant="light">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{messages.onboarding.loadFailed}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          {messages.onboarding.retry}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The onboarding redirects for a client: a step not yet open to them (or not theirs) sends them to
 * the first open step, by the domain's rule over the server's status. Staff are not gated.
 */
export function OnboardingGate({
  client,
  page,
  children,
}: {
  client: User;
  page: OnboardingStepKey;
  children: ReactNode;
}) {
  const status = useQuery(statusQuery(client.id));
  if (status.isPending) return <Loading />;
  // Without a status (the call failed and said why) the page stays: the server still guards each call.
  const to = status.data ? onboardingRedirect(status.data, page) : null;
  // A status read before the step just done (kept while it is read again) would send the person back to it.
  if (to && status.isFetching) return <Loading />;
  return to ? <Navigate to={to} replace /> : children;
}
