import { Alert, Button, Divider, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type Factor, messages, settingsScreenMessages as ui } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../components/spinner';
import { formatPortalDateTime } from '../../lib/dates';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { PasskeyButton } from './passkey-button';
import { PasswordPrompt } from './password-prompt';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { factorsKey, factorsQuery, regenerateRecoveryCodes, removeFactor } from './two-factor-api';

const m = messages.twoFactor;

/** Settings → Security: the person's second factors and recovery codes. */
export function SecurityTab() {
  usePageTitle('Settings: Security');
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(factorsQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [regenerating, setRegenerating] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: factorsKey });
  const showCodes = (fresh: string[]) => {
    void refresh();
    if (fresh.length) setCodes(fresh);
  };

  const remove = useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => removeFactor(id, password),
    meta: { inlineFields: ['password'] },
    onSuccess: () => {
      setRemoving(null);
      notifySuccess(m.factorRemoved);
      void refresh();
    },
  });
  const regenerate = useMutation({
    mutationFn: regenerateRecoveryCodes,
    meta: { inlineFields: ['password'] },
    onSuccess: ({ recovery_codes }) => {
      setRegenerating(false);
      notifySuccess(m.codesRegenerated);
      showCodes(recovery_codes);
    },
  });

  if (isPending || !data) return <Spinner label={ui.loading} />;
  const hasTotp = data.factors.some((f) => f.kind === 'totp');

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2} size="h3">
        {m.factorsTitle}
      </Title>
      {data.required && (
        <Alert color="blue" variant="light">
          {m.required}
        </Alert>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <>
          {data.factors.length === 0 ? (
            <Text c="dimmed">{m.noFactors}</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{m.factor}</Table.Th>
                    <Table.Th visibleFrom="sm">{m.added}</Table.Th>
                    <Table.Th visibleFrom="sm">{m.lastUsed}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{ui.actions}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.factors.map((factor) => (
                    <Table.Tr key={factor.id}>
                      <Table.Td>
                        <Text fw={500}>{factor.label}</Text>
                        {factor.kind === 'webauthn' && factor.label !== m.passkey && (
                          <Text size="xs" c="dimmed">
                            {m.passkey}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{formatPortalDateTime(factor.created_at)}</Table.Td>
                      <Table.Td visibleFrom="sm">
                        {factor.last_used_at ? formatPortalDateTime(factor.last_used_at) : m.never}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          aria-label={`${m.remove} ${factor.label}`}
                          onClick={() => {
                            remove.reset();
                            setRemoving(factor);
                          }}
                        >
                          {m.remove}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}

          {!hasTotp && (
            <>
              <Divider />
              <Title order={3} size="h4">
                {m.authenticatorApp}
              </Title>
              <TotpSetup
                onConfirmed={(fresh) => {
                  notifySuccess(m.totpConfirmed);
                  showCodes(fresh);
                }}
              />
            </>
          )}

          <Divider />
          <Title order={3} size="h4">
            {m.passkey}
          </Title>
          <PasskeyButton onAdded={showCodes} />

          {data.factors.length > 0 && (
            <>
              <Divider />
              <Title order={3} size="h4">
                {m.recoveryCodesTitle}
              </Title>
              <Group gap="md">
                <Text>{m.recoveryCodesLeft(data.recovery_codes_remaining)}</Text>
                <Button
                  variant="default"
                  onClick={() => {
                    regenerate.reset();
                    setRegenerating(true);
                  }}
                >
                  {m.regenerateCodes}
                </Button>
              </Group>
            </>
          )}
        </>
      )}

      <PasswordPrompt
        opened={removing !== null}
        title={m.removeTitle}
        intro={m.removeIntro}
        confirmLabel={m.remove}
        color="red"
        loading={remove.isPending}
        error={remove.error}
        onCancel={() => setRemoving(null)}
        onConfirm={(password) => removing && remove.mutate({ id: removing.id, password })}
      />
      <PasswordPrompt
        opened={regenerating}
        title={m.regenerateCodes}
        intro={m.regenerateIntro}
        confirmLabel={m.regenerateCodes}
        loading={regenerate.isPending}
        error={regenerate.error}
        onCancel={() => setRegenerating(false)}
        onConfirm={(password) => regenerate.mutate(password)}
      />
    </Stack>
  );
}
