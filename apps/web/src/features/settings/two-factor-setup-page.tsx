import { Alert, Button, Divider, Paper, Stack, Title } from '@mantine/core';
import { messages, settingsScreenMessages as ui } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../../lib/safe-next';
import { usePageTitle } from '../../lib/use-page-title';
import { PasskeyButton } from './passkey-button';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

const m = messages.twoFactor;

/**
 * Right after sign-in, a person whose firm requires a second factor they lack sets one
 * up here; every other call answers 403 until then. Then on to where they were going.
 */
export function TwoFactorSetupPage() {
  usePageTitle(m.setupTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = () => {
    // What was refused while held (the signed-in user, the firm's settings) is asked again.
    void queryClient.invalidateQueries();
    void navigate(safeNext(params.get('next')), { replace: true });
  };
  const confirmed = (fresh: string[]) => (fresh.length ? setCodes(fresh) : done());

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={560} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {m.setupTitle}
        </Title>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={done} />
        ) : (
          <>
            <Alert color="blue" variant="light">
              {m.setupRequiredIntro}
            </Alert>
            <Title order={2} size="h4">
              {m.authenticatorApp}
            </Title>
            <TotpSetup onConfirmed={confirmed} />
            <Divider />
            <Title order={2} size="h4">
              {m.passkey}
            </Title>
            <PasskeyButton onAdded={confirmed} />
            <Divider />
            <div>
              <Button component={Link} to="/account/logout" variant="subtle">
                {ui.logOut}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
