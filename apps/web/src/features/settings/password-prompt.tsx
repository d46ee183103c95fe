import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages, settingsScreenMessages as ui } from '@portal/domain';
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
  // A sign-in form, like the sign-in page's (see its comment).
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : messages.auth.enterPassword) },
  });
  const fieldError =
    form.errors.password ?? (error && isApiError(error) ? (error.fields.password ?? error.detail) : undefined);
  const close = () => {
    form.reset();
    onCancel();
  };
  return (
    <Modal opened={opened} onClose={close} closeButtonProps={{ 'aria-label': ui.close }} title={title} centered>
      <form noValidate onSubmit={form.onSubmit((values) => onConfirm(values.password))}>
        <Stack gap="md">
          <Text>{intro}</Text>
          <PasswordField
            label={messages.settings.currentPassword}
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('password')}
            error={fieldError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {ui.cancel}
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
