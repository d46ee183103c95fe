import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { messages, calendarScreenMessages as ui } from '@portal/domain';
import { formatDate } from '../../lib/dates';
import type { CalendarItem } from './calendar-items';

const m = messages.calendar;

/** What one item says: when, where, what; for an administrator an event's Edit and Remove. */
export function ItemDetails({
  item,
  canEdit,
  onClose,
  onEdit,
  onDelete,
}: {
  item: CalendarItem;
  canEdit: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const days =
    item.first === item.last ? formatDate(item.first) : `${formatDate(item.first)} – ${formatDate(item.last)}`;
  const description = item.kind === 'event' ? item.event.description : item.deadline.description;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color={item.kind === 'deadline' ? 'orange' : 'blue'}>
          {item.kind === 'deadline' ? m.complianceDeadline : m.firmEvent}
        </Badge>
        {item.kind === 'deadline' && item.deadline.filed && <Badge color="green">{m.deadline.filed}</Badge>}
      </Group>
      <Text fw={600}>
        {days}
        {item.time ? `, ${item.time}` : ` · ${m.allDay}`}
      </Text>
      {item.kind === 'event' && item.event.location && (
        <Text>
          {m.location}: {item.event.location}
        </Text>
      )}
      {description && <Text style={{ whiteSpace: 'pre-wrap' }}>{description}</Text>}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          {ui.close}
        </Button>
        {canEdit && item.kind === 'event' && (
          <>
            <Button variant="default" color="red" onClick={onDelete}>
              {messages.lists.delete}
            </Button>
            <Button onClick={onEdit}>{ui.edit}</Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
