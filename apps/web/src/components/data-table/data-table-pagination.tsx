import { Group, Pagination, Text } from '@mantine/core';
import { messages, commonScreenMessages as ui } from '@portal/domain';

interface DataTablePaginationProps {
  page: number;
  pageSize: number;
  count: number;
  onChange: (page: number) => void;
}

/** The pages of a DataTable, with how many rows the list has in all. */
export function DataTablePagination({ page, pageSize, count, onChange }: DataTablePaginationProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {messages.lists.recordCount(count)}
      </Text>
      {pages > 1 && (
        <nav aria-label={ui.pages}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            size="sm"
            siblings={1}
            getItemProps={(item) => ({ 'aria-label': ui.pageNumber(item) })}
            getControlProps={(control) => ({ 'aria-label': ui.pageControls[control] })}
          />
        </nav>
      )}
    </Group>
  );
}
