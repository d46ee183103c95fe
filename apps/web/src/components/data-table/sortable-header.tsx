import { Table, UnstyledButton } from '@mantine/core';
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
  // A long header breaks between its words when the table is short of room (eight columns at desktop
  // width), its sort icon kept with the last word.
  const words = typeof children === 'string' ? children.split(' ') : null;
  const last = words ? words.pop() : children;
  return (
    <Table.Th className={className} aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(active && !descending ? `-${sortKey}` : sortKey)}
        fw={700}
        fz="sm"
        // Clicking anywhere in a column header sorts, not only on its words.
        style={{ width: '100%', textAlign: 'left' }}
      >
        {words && words.length > 0 && `${words.join(' ')} `}
        <span style={{ whiteSpace: 'nowrap' }}>
          {last}
          <Icon size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
