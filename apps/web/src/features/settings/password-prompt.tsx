import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@portal/domain';
import { useState } from 'react';
import { PasswordField } from '../../components/password-field';
import { type ApiError, isApiError } from '../../lib/api';

/** Asks for the password before a change to the second factors (a stolen session alone cannot make it). */
export function PasswordPrompt({
  opened,
  title,
  intro,
  confirmLabel,
  color,
  loading,
  error,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  intro: string;
  confirmLabel: string;
  color?: 'red';
  loading: boolean;
  error: Error | ApiError | null;
  onCancel: () => void;
  onConfirm: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldError = missing
    ? messages.auth.enterPassword
    : error && isApiError(error)
      ? (error.fields.password ?? error.detail)
      : undefined;
  const close = () => {
    setPassword('');
    setMissing(false);
    onCancel();
  };
  return (
    <Modal opened={opened} onClose={close} closeButtonProps={{ 'aria-label': 'Close' }} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!password) return setMissing(true);
          setMissing(false);
          onConfirm(password);
        }}
      >
        <Stack gap="md">
          <Text>{intro}</Text>
          <PasswordField
            label={messages.settings.currentPassword}
            autoComplete="current-password"
            data-autofocus
            value={password}
            error={fieldError}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={color} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
