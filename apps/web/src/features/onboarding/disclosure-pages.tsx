import { Alert, Anchor, List, Stack, Text, Title } from '@mantine/core';
import {
  type CurrentDisclosure,
  type DisclosureKind,
  messages,
  ONBOARDING_HOME,
  type OnboardingStatusResponse,
  PATH_AFTER_ADV,
  type User,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { statusQuery } from './onboarding-api';
import { LoadFailed, Loading, OnboardingGate } from './onboarding-gate';
import { currentDisclosuresQuery, useCurrentDisclosures, useRecordDelivery } from './use-current-disclosures';

const l = messages.onboarding.disclosures;
const disclosureMessages = messages.disclosures;
const steps = messages.onboarding.steps;

interface DisclosureLinksProps {
  client: User;
  kinds: readonly DisclosureKind[];
  /** After a delivery is recorded (and the status read again). */
  onRecorded?: (status: OnboardingStatusResponse) => void;
}

/**
 * The firm's current documents of these kinds, each a link opened in a new tab; opening one records
 * its delivery to the client.
 */
function DisclosureLinks({ client, kinds, onRecorded }: DisclosureLinksProps) {
  const queryClient = useQueryClient();
  // The kinds opened in a new tab whose receipt the page waits for, and the documents' read count then.
  const [awaiting, setAwaiting] = useState<{ kinds: DisclosureKind[]; since: number } | null>(null);
  const documents = useCurrentDisclosures(client.id, awaiting?.since ?? null);
  const readStatus = async () =>
    onRecorded?.(await queryClient.fetchQuery({ ...statusQuery(client.id), staleTime: 0 }));
  const record = useRecordDelivery(client.id, readStatus);

  const received = awaiting?.kinds.filter((kind) => documents.data?.find((d) => d.kind === kind)?.received_on);
  useEffect(() => {
    if (!awaiting || !received?.length) return;
    const left = awaiting.kinds.filter((kind) => !received.includes(kind));
    setAwaiting(left.length ? { ...awaiting, kinds: left } : null);
    void readStatus();
  });

  const open = (d: CurrentDisclosure) => {
    // The firm's external link is not ours to watch: its delivery is recorded by the PUT.
    if (d.version === null) return record.mutate(d.kind);
    // The new tab reads the file, which records the delivery: the page reads the documents until it shows.
    const state = queryClient.getQueryState(currentDisclosuresQuery(client.id).queryKey);
    const since = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
    setAwaiting((a) => ({
      kinds: [...(a?.kinds ?? []).filter((k) => k !== d.kind), d.kind],
      since,
    }));
  };
  if (documents.isPending) return <Loading />;
  if (documents.isError) return <LoadFailed onRetry={() => void documents.refetch()} />;
  const shown = documents.data.filter((d) => kinds.includes(d.kind));
  if (shown.length === 0) return <Alert color="yellow">{l.none}</Alert>;
  return (
    <List spacing="sm">
      {shown.map((d) => (
        <List.Item key={d.kind}>
          <Anchor
            href={d.url}
            target="_blank"
            rel="noopener"
            // The new tab opens as the browser's own link would; `open` sees that its delivery is recorded.
            onClick={() => open(d)}
          >
            {d.title || disclosureMessages.kinds[d.kind]}{' '}
            <Text span size="sm" c="dimmed">
              {disclosureMessages.opensInNewTab}
            </Text>
          </Anchor>
          <Text size="sm" c="dimmed">
            {[
              d.effective_date && l.effective(formatDate(d.effective_date)),
              d.received_on && disclosureMessages.received(formatDate(d.received_on)),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** /forms/form-adv/: Form ADV Part 2A and 2B; once every part is received, on to Form CRS. */
export function FormAdvPage() {
  usePageTitle(steps.form_adv);
  const client = useCurrentUser();
  const navigate = useNavigate();
  return (
    <OnboardingGate client={client} page="form_adv">
      <Stack gap="md">
        <Title order={1}>{steps.form_adv}</Title>
        <Text>{l.advIntro}</Text>
        <DisclosureLinks
          client={client}
          kinds={['adv_2a', 'adv_2b']}
          onRecorded={(status) => {
            // Then on to Form CRS, once the ADV counts as received (every part the firm publishes).
            if (status.steps.find((s) => s.key === 'form_adv')?.done) navigate(PATH_AFTER_ADV);
          }}
        />
      </Stack>
    </OnboardingGate>
  );
}

/** /forms/form-crs/: Form CRS, open once the ADV was received. */
export function FormCrsPage() {
  usePageTitle(steps.form_crs);
  const client = useCurrentUser();
  const navigate = useNavigate();
  return (
    <OnboardingGate client={client} page="form_crs">
      <Stack gap="md">
        <Title order={1}>{steps.form_crs}</Title>
        <Text>{l.crsIntro}</Text>
        <DisclosureLinks
          client={client}
          kinds={['crs']}
          onRecorded={(status) => {
            // The steps' page says 'You completed and viewed all forms.'.
            if (status.all_done) navigate(ONBOARDING_HOME);
          }}
        />
      </Stack>
    </OnboardingGate>
  );
}
