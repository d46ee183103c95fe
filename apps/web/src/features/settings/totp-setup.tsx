import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner';
import { isApiError } from '../../lib/api';
import { confirmTotp, startTotp } from './two-factor-api';

const m = messages.twoFactor;
// The QR code's library is needed only once a set-up starts.
const QrCode = lazy(() => import('./qr-code'));

/**
 * Setting up an authenticator app: a new key (as a QR code and as text), then a code from the app
 * confirms it; `onConfirmed` receives the recovery codes the server made with it.
 */
export function TotpSetup({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  // A sign-in form, like the sign-in page's (see its comment); the button waits for a code.
  const form = useForm({ mode: 'controlled', initialValues: { code: '' } });
  const code = form.values.code;
  const start = useMutation({ mutationFn: startTotp });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    meta: { inlineFields: ['code'] },
    onSuccess: ({ recovery_codes }) => {
      form.reset();
      onConfirmed(recovery_codes);
    },
  });
  const codeError =
    confirm.error && isApiError(confirm.error) ? (confirm.error.fields.code ?? confirm.error.detail) : undefined;

  if (!start.data)
    return (
      <div>
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          {m.startTotp}
        </Button>
      </div>
    );

  const { secret, otpauth_url } = start.data;
  return (
    <Stack gap="sm">
      <Text>{m.scanQr}</Text>
      <Suspense fallback={<Spinner size="sm" label={m.qrAlt} />}>
        <QrCode value={otpauth_url} label={m.qrAlt} />
      </Suspense>
      <div>
        <Text size="sm" fw={600} id="totp-secret-label">
          {m.secretLabel}
        </Text>
        <Code aria-labelledby="totp-secret-label" data-testid="totp-secret" style={{ wordBreak: 'break-all' }} fz="md">
          {secret.replace(/(.{4})/g, '$1 ').trim()}
        </Code>
      </div>
      <form noValidate onSubmit={form.onSubmit((values) => confirm.mutate(values.code.trim()))}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={m.confirmCode}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
            w={160}
            {...form.getInputProps('code')}
            error={codeError}
          />
          <Button type="submit" loading={confirm.isPending} disabled={!code.trim()}>
            {m.confirmTotp}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
