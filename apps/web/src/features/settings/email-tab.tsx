import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { changeEmailBody, messages } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrentPasswordField, currentPasswordRule } from '../../components/current-password-field';
import { currentUserKey, useCurrentUser } from '../../lib/current-user';
import { notifySuccess } from '../../lib/notify';
import { requiredEmail } from '../../lib/schema-form/form-rules';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { usePageTitle } from '../../lib/use-page-title';
import { changeEmail } from './settings-api';

const schema = changeEmailBody.extend({
  email: requiredEmail,
  current_password: currentPasswordRule,
});

export function EmailTab() {
  usePageTitle('Settings: Email');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const form = useSchemaForm(schema, { email: null, current_password: null });

  const mutation = useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ user: updated }) => {
      queryClient.setQueryData(currentUserKey, updated);
      form.reset();
      notifySuccess(messages.settings.emailChanged);
    },
    // The toast carries the detail (this mutation has no errorMeta); the field is marked as well.
    onError: form.setServerErrors,
  });

  return (
    <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
      <Stack gap="md" maw={480}>
        <Title order={2} size="h3">
          Email
        </Title>
        <Text>
          Your current email address is{' '}
          <Text span fw={600}>
            {user.email}
          </Text>
          .
        </Text>
        <TextInput
          label="New email address"
          type="email"
          autoComplete="email"
          required
          withAsterisk={false}
          {...form.text('email')}
        />
        <CurrentPasswordField binding={form.text('current_password')} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Update email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
