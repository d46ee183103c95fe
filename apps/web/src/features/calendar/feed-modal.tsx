import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { messages, calendarScreenMessages as ui } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../lib/notify';
import { feedKey, feedQuery, resetFeed } from './calendar-api';

const m = messages.calendar.feed;

/** The person's private ICS address, to copy into a calendar app, and the way to replace it. */
export function FeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { data: feed } = useQuery({ ...feedQuery, enabled: opened });
  const reset = useMutation({
    mutationFn: resetFeed,
    onSuccess: (fresh) => {
      queryClient.setQueryData(feedKey, fresh);
      setConfirming(false);
      notifySuccess(m.resetDone);
    },
  });
  return (
    <>
      <Modal
        opened={opened && !confirming}
        onClose={onClose}
        title={m.title}
        size="lg"
        closeButtonProps={{ 'aria-label': ui.close }}
      >
        <Stack gap="md">
          <Text>{m.text}</Text>
          {feed ? (
            <>
              <TextInput
                label={ui.calendarAddress}
                readOnly
                value={feed.url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Group justify="space-between">
                <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                  {m.reset}
                </Button>
                <CopyButton value={feed.url}>
                  {({ copied, copy }) => <Button onClick={copy}>{copied ? m.copied : m.copy}</Button>}
                </CopyButton>
              </Group>
            </>
          ) : (
            <Spinner label={messages.lists.loading} />
          )}
        </Stack>
      </Modal>
      <ConfirmModal
        opened={confirming}
        title={m.reset}
        question={m.resetQuestion}
        confirmLabel={m.reset}
        dismissLabel={messages.lists.cancel}
        color="red"
        loading={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => reset.mutate()}
      />
    </>
  );
}
