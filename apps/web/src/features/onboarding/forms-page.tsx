import { Alert, Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  type CurrentDisclosure,
  formsMenuEntries,
  isClient,
  messages,
  ONBOARDING_PATHS,
  type OnboardingStatusResponse,
  type User,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';
import { statusQuery } from './onboarding-api';
import { LoadFailed, Loading } from './onboarding-gate';
import { useCurrentDisclosures } from './use-current-disclosures';

const l = messages.onboarding.forms;
type Step = OnboardingStatusResponse['steps'][number];

// A light green badge's text fails the contrast of WCAG AA: done is drawn filled, as elsewhere in the portal.
const stateOf = (step: Step) =>
  step.viewed
    ? { label: l.state.viewed, color: 'teal.9', variant: 'filled' }
    : step.done
      ? { label: l.state.done, color: 'teal.9', variant: 'filled' }
      : step.enabled
        ? { label: l.state.open, color: 'blue', variant: 'light' }
        : { label: l.state.locked, color: 'gray', variant: 'light' };

/**
 * A document the client already received in an earlier version but not in the current one: a firm that
 * publishes a new Form CRS or Form ADV must deliver it again, and the steps (done by the initial dates)
 * would not show it.
 */
function NewVersions({ client, steps }: { client: User; steps: Step[] }) {
  const documents = useCurrentDisclosures(client.id);
  const viewed = (key: Step['key']) => steps.some((s) => s.key === key && s.viewed);
  const unread = (documents.data ?? []).filter(
    (d: CurrentDisclosure) => d.received_on === null && viewed(d.kind === 'crs' ? 'form_crs' : 'form_adv'),
  );
  if (!unread.length) return null;
  const pages = [
    ...new Set(unread.map((d) => (d.kind === 'crs' ? ONBOARDING_PATHS.form_crs : ONBOARDING_PATHS.form_adv))),
  ];
  return (
    <Alert color="yellow">
      <Stack gap={4}>
        <Text size="sm">{l.newVersion(unread.map((d) => d.title).join(', '))}</Text>
        {pages.map((path) => (
          <Anchor key={path} component={Link} to={path} size="sm">
            {steps.find((s) => s.path === path)?.label}
          </Anchor>
        ))}
      </Stack>
    </Alert>
  );
}

/** A client's steps in order with their state; a step is a link once it is open. */
function ClientSteps({ client }: { client: User }) {
  const status = useQuery(statusQuery(client.id));
  const [dismissed, setDismissed] = useState(false);
  if (status.isPending) return <Loading />;
  if (status.isError) return <LoadFailed onRetry={() => void status.refetch()} />;
  const steps = status.data.steps.filter((s) => s.applies);
  return (
    <Stack gap="md">
      {status.data.all_done && !dismissed && (
        <Alert color="green" withCloseButton closeButtonLabel={l.dismiss} onClose={() => setDismissed(true)}>
          {messages.onboarding.allDone}
        </Alert>
      )}
      <NewVersions client={client} steps={steps} />
      {!status.data.all_done && <Text>{l.clientIntro}</Text>}
      <List type="ordered" spacing="sm">
        {steps.map((step) => {
          const state = stateOf(step);
          return (
            <List.Item key={step.key}>
              <Group gap="sm" wrap="wrap">
                {step.enabled ? (
                  <Anchor component={Link} to={step.path}>
                    {step.label}
                  </Anchor>
                ) : (
                  <Text span>{step.label}</Text>
                )}
                <Badge variant={state.variant} color={state.color}>
                  {state.label}
                </Badge>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

/** Staff see the forms they fill in for clients, with no status (advisors load none). */
function StaffForms({ actor }: { actor: User }) {
  return (
    <Stack gap="md">
      <Text>{l.staffIntro}</Text>
      <List spacing="sm">
        {formsMenuEntries(actor).map((entry) => (
          <List.Item key={entry.to}>
            <Anchor component={Link} to={entry.to}>
              {entry.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** /forms/: the onboarding steps. */
export function FormsPage() {
  usePageTitle(l.title);
  const actor = useCurrentUser();
  return (
    <Stack gap="md">
      <Title order={1}>{l.title}</Title>
      {isClient(actor) ? <ClientSteps client={actor} /> : <StaffForms actor={actor} />}
    </Stack>
  );
}
