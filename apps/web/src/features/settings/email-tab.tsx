import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { currentUserKey, useCurrentUser } from '../../lib/current-user';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { changeEmail } from './settings-api';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export function EmailTab() {
  usePageTitle('Settings: Email');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: {
      email: (value) =>
        !value.trim() ? messages.auth.enterEmail : looksLikeEmail(value.trim()) ? null : messages.settings.emailInvalid,
    },
  });

  const mutation = useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ user: updated }) => {
      queryClient.setQueryData(currentUserKey, updated);
      form.reset();
      notifySuccess(messages.settings.emailChanged);
    },
    // The toast carries the detail (a taken address is a 409); a malformed one is also marked on the field.
    onError: (error) => {
      if (isApiError(error) && error.status === 400 && error.fields.email)
        form.setFieldError('email', error.fields.email);
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate({ email: values.email.trim() }))}>
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
          {...form.getInputProps('email')}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Update email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
