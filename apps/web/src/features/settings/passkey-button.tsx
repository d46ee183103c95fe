import { Button, Group, TextInput } from '@mantine/core';
import { messages } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { addPasskey } from './two-factor-api';

const m = messages.twoFactor;

/** Adds a passkey (named by the person); `onAdded` receives the recovery codes of a first factor. */
export function PasskeyButton({ onAdded }: { onAdded: (codes: string[]) => void }) {
  const [label, setLabel] = useState('');
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const mutation = useMutation({
    mutationFn: () => addPasskey(label.trim()),
    meta: { silent: true },
    onSuccess: ({ recovery_codes }) => {
      setLabel('');
      notifySuccess(m.passkeyAdded);
      onAdded(recovery_codes);
    },
    // The browser's own refusals (cancelled, timed out) are DOMExceptions, not server answers.
    onError: (error) =>
      notifyError(error instanceof DOMException || error.name === 'WebAuthnError' ? m.passkeyCancelled : error.message),
  });
  if (!supported) return null;
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={m.passkeyName}
        placeholder={m.passkey}
        maxLength={100}
        w={220}
        value={label}
        onChange={(event) => setLabel(event.currentTarget.value)}
      />
      <Button variant="default" onClick={() => mutation.mutate()} loading={mutation.isPending}>
        {m.addPasskey}
      </Button>
    </Group>
  );
}
