import { Stack, Text, Title } from '@mantine/core';
import {
  isAdvisor,
  isClient,
  isExhibitBUser,
  messages,
  ONBOARDING_HOME,
  pathAfterAgreementSubmit,
} from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ClientPicker } from '../../components/client-picker';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';
import { ClientAgreementForm } from './client-agreement-form';
import { agreementQuery, statusQuery } from './onboarding-api';
import { LoadFailed, Loading } from './onboarding-gate';

const l = messages.onboarding.clientAgreement;
const title = messages.onboarding.steps.client_agreement;

/**
 * /forms/client-agreement/: a client's own agreement; an advisor picks one of their clients (kept in
 * the address as `?client=`), a firm administrator one of the firm's to read.
 */
export function ClientAgreementPage() {
  usePageTitle(title);
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const self = isClient(actor);
  const clientId = self ? actor.id : Number(params.get('client')) || null;
  const agreement = useQuery(agreementQuery(clientId));

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {!self && (
        <ClientPicker
          actor={actor}
          value={clientId}
          onChange={(id) => setParams(id === null ? {} : { client: String(id) }, { replace: true })}
        />
      )}
      {!self && !isAdvisor(actor) && <Text size="sm">{l.adminReadOnly}</Text>}
      {clientId === null ? (
        <Text>{l.chooseClient}</Text>
      ) : agreement.isPending ? (
        <Loading />
      ) : agreement.isError ? (
        <LoadFailed onRetry={() => void agreement.refetch()} />
      ) : (
        <ClientAgreementForm
          // A first submit gives the record its Id: the form starts again from what the server keeps.
          key={`${clientId}:${agreement.data?.Id ?? 'new'}`}
          clientId={clientId}
          agreement={agreement.data}
          readOnly={!self && !isAdvisor(actor)}
          showClientType={isAdvisor(actor)}
          onCancel={() => navigate(ONBOARDING_HOME)}
          onSaved={async (_saved, first) => {
            // After the client's first submit, the next step. An advisor stays with the client.
            if (!(self && first)) return;
            // The next page's gate then starts from the status with the agreement, never the one before it.
            await queryClient
              .fetchQuery({ ...statusQuery(actor.id), staleTime: 0 })
              // The save stands even if the status cannot be read now (the query client said why): the gate reads it again.
              .catch(() => undefined);
            navigate(pathAfterAgreementSubmit(isExhibitBUser(actor)));
          }}
        />
      )}
    </Stack>
  );
}
