import { Button, Group, Stack, Title } from '@mantine/core';
import { changePasswordBody, messages, settingsScreenMessages as ui } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { CurrentPasswordField, currentPasswordRule } from '../../components/current-password-field';
import { NewPasswordFields } from '../../components/new-password-fields';
import { notifySuccess } from '../../lib/notify';
import { withPasswordConfirmation } from '../../lib/schema-form/password-confirmation';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { usePageTitle } from '../../lib/use-page-title';
import { changePassword } from './settings-api';

const schema = withPasswordConfirmation(
  changePasswordBody.extend({ current_password: currentPasswordRule }),
  'new_password',
  'new_password_confirmation',
);

const EMPTY = { current_password: null, new_password: null, new_password_confirmation: null };

export function PasswordTab() {
  usePageTitle('Settings: Password');
  const form = useSchemaForm(schema, EMPTY);

  const mutation = useMutation({
    mutationFn: changePassword,
    meta: form.errorMeta,
    onSuccess: () => {
      form.reset();
      notifySuccess(messages.settings.passwordChanged);
    },
    onError: form.setServerErrors,
  });

  return (
    <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
      <Stack gap="md" maw={480}>
        <Title order={2} size="h3">
          {ui.changePassword}
        </Title>
        <CurrentPasswordField binding={form.text('current_password')} />
        <NewPasswordFields
          password={form.text('new_password')}
          confirmation={form.text('new_password_confirmation')}
          confirmationLabel={ui.confirmNewPassword}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {ui.changePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
