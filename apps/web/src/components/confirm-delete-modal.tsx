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
          {/* The safe answer has the focus: Enter on a confirmation must not delete. */}
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
