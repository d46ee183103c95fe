import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import {
  INVESTOR_PROFILE_QUESTIONS,
  type InvestorProfile,
  IP_ASSET_ALLOCATION_GROUPS,
  investorProfileBody,
  isAdvisor,
  isClient,
  messages,
  pathAfterInvestorProfileSave,
  type User,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ClientPicker } from '../../components/client-picker';
import { staffClientsQuery } from '../../lib/clients';
import { useCurrentUser } from '../../lib/current-user';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type FormDraft, useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { usePageTitle } from '../../lib/use-page-title';
import { investorProfileQuery, onboardingKey, saveInvestorProfile, statusQuery } from './onboarding-api';
import { LoadFailed, Loading, OnboardingGate } from './onboarding-gate';

const m = messages.investorProfiles;
const l = messages.onboarding.investorProfile;
const title = messages.onboarding.steps.investor_profile;
type Question = keyof typeof INVESTOR_PROFILE_QUESTIONS;
const QUESTIONS = Object.keys(INVESTOR_PROFILE_QUESTIONS) as Question[];
type ProfileValues = FormDraft<z.input<typeof investorProfileBody>>;

const valuesOf = (profile: InvestorProfile | null) =>
  Object.fromEntries(QUESTIONS.map((q) => [q, profile?.[q] ?? null])) as ProfileValues;

const groupOf = (option: string) =>
  (Object.keys(IP_ASSET_ALLOCATION_GROUPS) as (keyof typeof IP_ASSET_ALLOCATION_GROUPS)[]).find((group) =>
    (IP_ASSET_ALLOCATION_GROUPS[group] as readonly string[]).includes(option),
  );

interface ProfileFormProps {
  actor: User;
  clientId: number;
  profile: InvestorProfile | null;
}

/** The nine radio questions with Undo and Save of the Exhibit B investor profile. */
function InvestorProfileForm({ actor, clientId, profile }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useSchemaForm(investorProfileBody, valuesOf(profile));
  const save = useMutation({
    mutationFn: (body: object) => saveInvestorProfile(clientId, body),
    meta: form.errorMeta,
    onSuccess: async () => {
      notifySuccess(m.saved);
      await queryClient.invalidateQueries({ queryKey: onboardingKey });
      // A client's first save goes on to Form ADV.
      const next = pathAfterInvestorProfileSave(actor, profile?.Status__c ?? null);
      if (!next) return;
      // Form ADV's gate then starts from the status with the profile, never the one before it.
      await queryClient
        .fetchQuery({ ...statusQuery(actor.id), staleTime: 0 })
        // The save stands even if the status cannot be read now (the query client said why): the gate reads it again.
        .catch(() => undefined);
      navigate(next);
    },
    onError: form.setServerErrors,
  });

  return (
    <form noValidate onSubmit={form.onSubmit((body) => save.mutate(body))}>
      <Stack gap="md">
        {profile?.Investor_Profile_Status__c && (
          <Text size="sm" c="dimmed">
            {l.status(profile.Investor_Profile_Status__c)}
          </Text>
        )}
        {QUESTIONS.map((question) => {
          const { value, onChange, ...bound } = form.select(question);
          const options = INVESTOR_PROFILE_QUESTIONS[question] as readonly string[];
          return (
            <Radio.Group
              key={question}
              label={l.questions[question]}
              required
              value={value}
              onChange={onChange}
              error={bound.error}
              data-path={bound['data-path']}
            >
              <Group gap="md" mt={6}>
                {options.map((option) => {
                  const group = question === 'IP_Asset_Allocation__c' ? groupOf(option) : undefined;
                  return (
                    <Radio
                      key={option}
                      value={option}
                      label={group ? `${l.allocationGroup[group]} ${option}` : option}
                    />
                  );
                })}
              </Group>
            </Radio.Group>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()}>
            {l.undo}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {l.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ProfileOf({ actor, clientId, email }: { actor: User; clientId: number; email: string | null }) {
  const profile = useQuery(investorProfileQuery(clientId, email));
  if (profile.isPending) return <Loading />;
  if (profile.isError) return <LoadFailed onRetry={() => void profile.refetch()} />;
  return (
    <InvestorProfileForm
      // A save answers the record as the server keeps it: Undo then goes back to that.
      key={`${clientId}:${profile.dataUpdatedAt}`}
      actor={actor}
      clientId={clientId}
      profile={profile.data}
    />
  );
}

/**
 * /forms/investor-profile/ and /forms/exhibit-b-investor-profile: a client's own Exhibit B profile (the
 * gating sends a client who has none to do, or whose agreement is missing, elsewhere); an advisor picks
 * one of their clients ('Investor profile found.' / 'Investor profile not found.').
 */
export function InvestorProfilePage() {
  usePageTitle(title);
  const actor = useCurrentUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const self = isClient(actor);
  const clientId = self ? actor.id : Number(params.get('client')) || null;
  // The address names the client by id only (an email is personal data, kept out of URLs and logs);
  // the API's portalUserEmail comes from the client list the picker shows.
  const clients = useQuery({ ...staffClientsQuery(actor), enabled: !self });
  const email = self ? actor.email : (clients.data?.results.find((u) => u.id === clientId)?.email ?? null);

  const pick = (id: number | null, pickedEmail: string | null) => {
    setParams(id === null ? {} : { client: String(id) }, { replace: true });
    if (id === null) return;
    void queryClient
      .fetchQuery(investorProfileQuery(id, pickedEmail))
      .then((found) => (found ? notifySuccess(m.found) : notifyError(m.notFound)))
      // The query client has said why it could not be read.
      .catch(() => undefined);
  };

  const body = (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert variant="light" color={isAdvisor(actor) ? 'yellow' : 'blue'}>
        {isAdvisor(actor) ? m.advisorNote : m.clientNote}
      </Alert>
      {!self && <ClientPicker actor={actor} value={clientId} onChange={pick} />}
      {clientId === null ? (
        <Text>{l.chooseClient}</Text>
      ) : !self && clients.isPending ? (
        <Loading />
      ) : (
        <ProfileOf actor={actor} clientId={clientId} email={email} />
      )}
    </Stack>
  );
  return self ? (
    <OnboardingGate client={actor} page="investor_profile">
      {body}
    </OnboardingGate>
  ) : (
    body
  );
}
