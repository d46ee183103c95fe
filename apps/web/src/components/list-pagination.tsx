import { Group, Pagination, Text } from '@mantine/core';

interface ListPaginationProps {
  page: number;
  pageSize: number;
  count: number;
  onChange: (page: number) => void;
}

/** The pages of a server-side list, with how many rows there are in all. */
export function ListPagination({ page, pageSize, count, onChange }: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 1 ? '1 record' : `${count} records`}
      </Text>
      {pages > 1 && (
        <nav aria-label="Pages">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            size="sm"
            siblings={1}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
          />
        </nav>
      )}
    </Group>
  );
}
