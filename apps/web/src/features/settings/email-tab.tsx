import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { changeEmailBody, messages, settingsScreenMessages as ui } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CurrentPasswordField, currentPasswordRule } from '../../components/current-password-field';
import { MessageWith } from '../../components/message-with';
import { currentUserKey, useCurrentUser } from '../../lib/current-user';
import { formatPortalDateTime } from '../../lib/dates';
import { notifySuccess } from '../../lib/notify';
import { requiredEmail } from '../../lib/schema-form/form-rules';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { usePageTitle } from '../../lib/use-page-title';
import { cancelEmailChange, changeEmail, pendingEmailChangeQuery, resendEmailChange } from './settings-api';

const m = messages.settings;

const schema = changeEmailBody.extend({
  email: requiredEmail,
  current_password: currentPasswordRule,
});

/**
 * Settings → Email. A new address applies only once the link mailed to it is opened ('Email changed
 * successfully' shows there); until then this tab shows it waiting, with Resend and Cancel.
 */
export function EmailTab() {
  usePageTitle('Settings: Email');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const form = useSchemaForm(schema, { email: null, current_password: null });
  const pending = useQuery(pendingEmailChangeQuery);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: pendingEmailChangeQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  };

  const mutation = useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ user: updated, detail }) => {
      queryClient.setQueryData(currentUserKey, updated);
      void queryClient.invalidateQueries({ queryKey: pendingEmailChangeQuery.queryKey });
      form.reset();
      notifySuccess(detail);
    },
    // The toast carries the detail (this mutation has no errorMeta); the field is marked as well.
    onError: form.setServerErrors,
  });
  const resend = useMutation({
    mutationFn: resendEmailChange,
    onSuccess: ({ detail }) => notifySuccess(detail),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: ({ detail }) => notifySuccess(detail),
    onSettled: refresh,
  });

  const waiting = pending.data?.pending_email ?? user.pending_email;
  return (
    <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
      <Stack gap="md" maw={480}>
        <Title order={2} size="h3">
          {ui.email}
        </Title>
        <Text>
          <MessageWith message={ui.currentEmail}>
            <Text span fw={600}>
              {user.email}
            </Text>
          </MessageWith>
        </Text>
        {waiting && (
          <Alert color="blue" variant="light" title={m.emailChangePending(waiting)} role="status">
            <Stack gap="xs">
              <Text size="sm">
                {m.emailChangePendingHint}
                {pending.data?.expires_at && ` ${ui.linkWorksUntil(formatPortalDateTime(pending.data.expires_at))}`}
              </Text>
              <Group gap="sm">
                <Button size="xs" variant="default" loading={resend.isPending} onClick={() => resend.mutate()}>
                  {m.resendEmailChange}
                </Button>
                <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                  {m.cancelEmailChange}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <TextInput
          label={ui.newEmailAddress}
          type="email"
          autoComplete="email"
          required
          withAsterisk={false}
          {...form.text('email')}
        />
        <CurrentPasswordField binding={form.text('current_password')} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {ui.updateEmail}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
