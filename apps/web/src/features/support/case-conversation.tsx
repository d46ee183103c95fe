import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { type CaseReplyBody, caseReplyBody, messages } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Spinner } from '../../components/spinner';
import { formatPortalDateTime } from '../../lib/dates';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import classes from './support.module.css';
import { repliesQuery, sendReply, supportKey } from './support-api';

const m = messages.support;

/**
 * A case's conversation: the submitter's and the handlers' replies, oldest first, and a reply box. Each
 * reply is mailed to the other side by the server.
 */
export function CaseConversation({ caseId }: { caseId: number }) {
  const queryClient = useQueryClient();
  const replies = useQuery(repliesQuery(caseId));
  const form = useSchemaForm(caseReplyBody, { CommentBody: '' });
  const send = useMutation({
    mutationFn: (body: CaseReplyBody) => sendReply(caseId, body.CommentBody),
    meta: form.errorMeta,
    onSuccess: () => {
      form.reset();
      notifySuccess(m.replied);
      void queryClient.invalidateQueries({ queryKey: supportKey });
    },
    onError: form.setServerErrors,
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby={`case-${caseId}-conversation`}>
      <Title order={2} size="h4" id={`case-${caseId}-conversation`}>
        {m.conversation}
      </Title>
      {replies.isPending ? (
        <Spinner size="sm" label={messages.lists.loading} />
      ) : replies.data?.results.length ? (
        <Stack gap="xs" component="ol" className={classes.thread}>
          {replies.data.results.map((r) => (
            <Card
              key={r.Id}
              component="li"
              withBorder
              padding="sm"
              className={r.FromSupport ? classes.fromSupport : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {r.CreatedByName}
                  {r.FromSupport && ` (${m.fromSupport})`}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPortalDateTime(r.CreatedDate)}
                </Text>
              </Group>
              <Text size="sm" className={classes.body}>
                {r.CommentBody}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {m.noReplies}
        </Text>
      )}
      <form noValidate onSubmit={form.onSubmit((body) => send.mutate(body))}>
        <Stack gap="xs">
          <Textarea label={m.replyLabel} rows={3} {...form.text('CommentBody')} />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={send.isPending}>
              {m.sendReply}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
