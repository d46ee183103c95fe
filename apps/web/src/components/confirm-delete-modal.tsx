import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@portal/domain';

interface ConfirmDeleteModalProps {
  /** What is being deleted, as the person knows it; null keeps the modal closed. */
  name: string | null;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before anything is deleted: 'Delete {name}', Cancel or Delete. */
export function ConfirmDeleteModal({ name, loading, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  return (
    <Modal
      opened={name !== null}
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={messages.lists.deleteTitle(name ?? '')}
      centered
    >
      <Stack gap="lg">
        <Text>{messages.lists.deleteQuestion(name ?? '')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
