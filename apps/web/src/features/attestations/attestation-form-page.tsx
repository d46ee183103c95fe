import { Alert, Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { attestationPeriodOn, messages, attestationsScreenMessages as ui } from '@portal/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { portalToday } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { AttestationForm } from './attestation-form';
import { blankAttestation, prefillFrom, withAcknowledgementDates } from './attestation-values';
import { mostRecentQuery, myAcknowledgementsQuery, myRosterEntryQuery } from './attestations-api';

const MANAGER = '/compliance/attestations';
const m = messages.attestations;

/**
 * The new-attestation page (/compliance/attestations/{id}/new, id the current user's):
 * pre-filled from the person's most recent attestation, with the lists their roster entry asks for.
 */
export function AttestationFormPage() {
  usePageTitle('New Attestation');
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const { id } = useParams();
  const mostRecent = useQuery(mostRecentQuery(actor.id));
  const roster = useQuery(myRosterEntryQuery());
  const acknowledgements = useQuery(myAcknowledgementsQuery());
  const period = attestationPeriodOn(portalToday());
  // This period's attestation, when the person has filed it already: a second one would be refused.
  const filed =
    mostRecent.data?.Fiscal_Year__c === period.fiscalYear && mostRecent.data.Fiscal_Quarter__c === period.fiscalQuarter
      ? mostRecent.data
      : null;
  // A failed lookup is toasted by the query client; the form then starts from the defaults.
  const loaded = !mostRecent.isPending && !roster.isPending && !acknowledgements.isPending;
  const initialValues = useMemo(
    () =>
      withAcknowledgementDates(
        mostRecent.data ? prefillFrom(mostRecent.data) : blankAttestation(actor),
        acknowledgements.data,
      ),
    [mostRecent.data, acknowledgements.data, actor],
  );

  // One files one's own attestation: another person's id in the address means one's own form.
  if (id !== String(actor.id)) return <Navigate to={`${MANAGER}/${actor.id}/new`} replace />;

  return (
    <Stack gap="md">
      <Group>
        <Button component={Link} to={MANAGER} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {ui.returnToAttestations}
        </Button>
      </Group>
      <Title order={1}>{ui.newAttestation}</Title>
      {!loaded ? (
        <Center py="xl">
          <Spinner label={m.loading} />
        </Center>
      ) : (
        <AttestationForm
          mode="new"
          attestation={null}
          initialValues={initialValues}
          person={{ first: actor.first_name, last: actor.last_name }}
          roster={roster.data ?? null}
          review={{ show: false, editable: false }}
          intro={
            <Stack gap="xs">
              <Text>{m.period(period.fiscalYear, period.fiscalQuarter)}</Text>
              {Object.values(acknowledgements.data ?? {}).some((date) => date !== null) && (
                <Text size="sm">{messages.resources.attestationDatesFromAcknowledgements}</Text>
              )}
              {filed ? (
                // Said before the form is filled in, not only by the 409 at Submit.
                <Alert color="yellow" variant="light">
                  <Stack gap={4} align="flex-start">
                    <Text size="sm">{m.alreadyFiledNotice(filed.Name, filed.Status__c === 'Reviewed')}</Text>
                    <Anchor component={Link} size="sm" to={`${MANAGER}?search=${encodeURIComponent(filed.Name)}`}>
                      {m.openFiled}
                    </Anchor>
                  </Stack>
                </Alert>
              ) : (
                mostRecent.data && (
                  <Alert color="blue" variant="light">
                    {m.prefilled(mostRecent.data.Name)}
                  </Alert>
                )
              )}
            </Stack>
          }
          onCancel={() => navigate(MANAGER)}
          onSaved={() => navigate(MANAGER)}
        />
      )}
    </Stack>
  );
}
