import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { commonScreenMessages as ui } from '@portal/domain';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** The question, naming what the action does to whom. */
  question: string;
  /** The button that does it ('Delete'). */
  confirmLabel: string;
  /** The button that leaves things as they are ('Cancel'); it has the focus: Enter must not act. */
  dismissLabel: string;
  /** Red for what cannot be undone. */
  color?: 'red';
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before an action that changes or ends something: the question, then the way back or the action. */
export function ConfirmModal(props: ConfirmModalProps) {
  const { opened, title, question, confirmLabel, dismissLabel, color, loading, onCancel, onConfirm } = props;
  return (
    <Modal opened={opened} onClose={onCancel} closeButtonProps={{ 'aria-label': ui.close }} title={title} centered>
      <Stack gap="lg">
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {dismissLabel}
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
