import { messages } from '@portal/domain';
import { ConfirmModal } from './confirm-modal';

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
    <ConfirmModal
      opened={name !== null}
      title={messages.lists.deleteTitle(name ?? '')}
      question={messages.lists.deleteQuestion(name ?? '')}
      confirmLabel={messages.lists.delete}
      dismissLabel={messages.lists.cancel}
      color="red"
      loading={loading}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
