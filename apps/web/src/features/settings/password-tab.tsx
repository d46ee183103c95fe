import { Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { PasswordField } from '../../components/password-field';
import { fieldErrorsOf } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { changePassword } from './settings-api';

const FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;

export function PasswordTab() {
  usePageTitle('Settings: Password');
  const form = useForm({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '', new_password_confirmation: '' },
    validate: {
      current_password: (value) => (value ? null : messages.auth.enterPassword),
      new_password: (value) => (value ? null : messages.http.required),
      new_password_confirmation: (value, values) =>
        !value ? messages.http.required : value !== values.new_password ? messages.auth.passwordMismatch : null,
    },
  });

  const mutation = useMutation({
    mutationFn: changePassword,
    meta: { inlineFields: [...FIELDS] },
    onSuccess: () => {
      form.reset();
      notifySuccess(messages.settings.passwordChanged);
    },
    onError: (error) => form.setErrors(fieldErrorsOf(error, FIELDS)),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md" maw={480}>
        <Title order={2} size="h3">
          Change password
        </Title>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          {...form.getInputProps('current_password')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          {...form.getInputProps('new_password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          {...form.getInputProps('new_password_confirmation')}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
