import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  type InvestmentRequestKind,
  messages,
  nextStatuses,
  type StatusChangeBody,
  statusChangeBody,
  statusNeedsReason,
  investmentRequestsScreenMessages as ui,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { moveRequest, requestsKey } from './requests-api';

const m = messages.investmentRequests;

/** The request the investment department moves: its id, where it stands, and a name for the title. */
export interface MovingRequest {
  id: number;
  status: string;
  name: string;
}

interface StatusModalProps {
  kind: InvestmentRequestKind;
  moving: MovingRequest | null;
  onClose: () => void;
}

/** The investment department's move of a request: the next status and, to close it unworked, why. */
export function StatusModal({ kind, moving, onClose }: StatusModalProps) {
  return (
    <Modal
      opened={moving !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': ui.close }}
      title={m.changeStatus}
    >
      {moving && <StatusForm key={moving.id} kind={kind} moving={moving} onClose={onClose} />}
    </Modal>
  );
}

function StatusForm({ kind, moving, onClose }: StatusModalProps & { moving: MovingRequest }) {
  const queryClient = useQueryClient();
  const schema = useMemo(() => statusChangeBody(kind), [kind]);
  const form = useSchemaForm(schema, { status: null, reason: null });
  const options = nextStatuses(kind, moving.status).map((status) => status as string);

  const move = useMutation({
    mutationFn: (body: StatusChangeBody) => moveRequest(kind, moving.id, body),
    meta: form.errorMeta,
    onSuccess: (_answer, body) => {
      notifySuccess(m.statusChanged(kind, body.status));
      onClose();
    },
    onError: form.setServerErrors,
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });

  const status = form.values.status;
  return (
    <form noValidate onSubmit={form.onSubmit((body) => move.mutate(body as StatusChangeBody))}>
      <Stack gap="md">
        <Text size="sm">
          {moving.name} · {moving.status}
        </Text>
        <Select label={m.statusLabel} required data={options} allowDeselect={false} {...form.select('status')} />
        <Textarea
          label={m.reasonLabel}
          required={status ? statusNeedsReason(status) : false}
          rows={3}
          {...form.text('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {messages.lists.cancel}
          </Button>
          <Button type="submit" loading={move.isPending}>
            {m.changeStatus}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
