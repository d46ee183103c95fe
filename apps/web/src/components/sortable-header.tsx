import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

interface SortableHeaderProps {
  label: string;
  /** The server's ordering key of this column, say `last_name`. */
  field: string;
  /** The list's current ordering, say `-last_name`. */
  ordering: string;
  onSort: (ordering: string) => void;
}

/** A column header that sorts the list on the server: first ascending, then descending. */
export function SortableHeader({ label, field, ordering, onSort }: SortableHeaderProps) {
  const active = ordering.replace(/^-/, '') === field;
  const descending = active && ordering.startsWith('-');
  const Icon = !active ? IconSelector : descending ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(active && !descending ? `-${field}` : field)}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        <Group gap={4} wrap="nowrap" component="span">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
