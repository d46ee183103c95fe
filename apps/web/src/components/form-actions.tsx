import { Button, Group } from '@mantine/core';
import { messages, commonScreenMessages as ui } from '@portal/domain';

/**
 * The footer of a record's modal form: Close and Edit while it is read (View), Cancel and Save while it
 * is edited. `onEdit` absent: the reader may not edit, so only Close shows.
 */
export function FormActions({
  readOnly,
  saving,
  onDone,
  onEdit,
}: {
  readOnly: boolean;
  saving: boolean;
  onDone: () => void;
  onEdit?: () => void;
}) {
  return (
    <Group justify="flex-end">
      {readOnly ? (
        <>
          <Button variant="default" onClick={onDone}>
            {ui.close}
          </Button>
          {onEdit && <Button onClick={onEdit}>{ui.edit}</Button>}
        </>
      ) : (
        <>
          <Button variant="default" onClick={onDone}>
            {messages.lists.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {ui.save}
          </Button>
        </>
      )}
    </Group>
  );
}
