import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { messages, type Session, settingsScreenMessages as ui } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { formatPortalDateTime } from '../../lib/dates';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { endOtherSessions, endSession, listSessions, sessionsKey } from './sessions-api';

const m = messages.sessions;

/**
 * Settings → Sessions: where the person is signed in, and ending any other session (a
 * lost phone, a shared computer). This session is marked and not offered: Log Out ends it.
 */
export function SessionsTab() {
  usePageTitle('Settings: Sessions');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: sessionsKey, queryFn: listSessions });
  const [confirmOthers, setConfirmOthers] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });

  const endOne = useMutation({
    mutationFn: (session: Session) => endSession(session.id),
    onSuccess: ({ detail }) => {
      notifySuccess(detail);
      void refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: ({ detail }) => {
      setConfirmOthers(false);
      notifySuccess(detail);
      void refresh();
    },
  });

  const sessions = query.data?.results ?? [];
  const others = sessions.filter((s) => !s.current);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <Text c="dimmed">{m.intro}</Text>
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing="sm" aria-label={m.title} aria-busy={query.isPending}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.device}</Table.Th>
              <Table.Th visibleFrom="sm">{m.address}</Table.Th>
              <Table.Th visibleFrom="sm">{m.signedIn}</Table.Th>
              <Table.Th>{m.lastUsed}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{ui.actions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={500}>
                      {s.device}
                    </Text>
                    {s.current && (
                      <Text size="xs" fw={700} c="teal.9" tt="uppercase">
                        {m.thisSession}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {s.ip}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">{s.ip}</Table.Td>
                <Table.Td visibleFrom="sm">{formatPortalDateTime(s.created_at)}</Table.Td>
                <Table.Td>{formatPortalDateTime(s.last_used_at)}</Table.Td>
                <Table.Td ta="right">
                  {!s.current && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={m.endSession(s.device)}
                      loading={endOne.isPending && endOne.variables?.id === s.id}
                      onClick={() => endOne.mutate(s)}
                    >
                      {m.end}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {!query.isPending && sessions.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>{m.empty}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button color="red" variant="outline" disabled={others.length === 0} onClick={() => setConfirmOthers(true)}>
          {m.endOthers}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirmOthers}
        title={m.endOthers}
        question={m.endOthersConfirm}
        confirmLabel={m.endOthers}
        dismissLabel={ui.cancel}
        color="red"
        loading={endOthers.isPending}
        onCancel={() => setConfirmOthers(false)}
        onConfirm={() => endOthers.mutate()}
      />
    </Stack>
  );
}
