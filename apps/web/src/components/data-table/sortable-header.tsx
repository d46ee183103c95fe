import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SortableHeaderProps {
  children: ReactNode;
  /** The server's ordering key of this column, say `last_name`. */
  sortKey: string;
  /** The list's current ordering, say `-last_name`. */
  ordering: string;
  onSort: (ordering: string) => void;
  className?: string;
}

/** A DataTable column header that sorts the list on the server: first ascending, then descending. */
export function SortableHeader({ children, sortKey, ordering, onSort, className }: SortableHeaderProps) {
  const active = ordering.replace(/^-/, '') === sortKey;
  const descending = active && ordering.startsWith('-');
  const Icon = !active ? IconSelector : descending ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th className={className} aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(active && !descending ? `-${sortKey}` : sortKey)}
        fw={700}
        fz="sm"
        // The whole cell sorts (spec 001 §2: clicking a column header), not only its words.
        style={{ whiteSpace: 'nowrap', width: '100%', textAlign: 'left' }}
      >
        <Group gap={4} wrap="nowrap" component="span">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
