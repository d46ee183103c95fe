import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type Firm, messages } from '@portal/domain';
import { IconEye, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ListPagination } from '../../components/list-pagination';
import { SortableHeader } from '../../components/sortable-header';
import { firmsKey } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { FirmForm, type FirmFormMode } from './firm-form';
import { deleteFirm, firmListQuery } from './firms-api';

const PAGE_SIZE = 25;

type Open = { mode: FirmFormMode; firm: Firm | null } | null;

const titleOf = (open: NonNullable<Open>) => (open.firm ? open.firm.name : 'New Firm');

/** The firms manager of spec 001 §2: a server-side list with search, sorting, the modal and deletion. */
export function FirmsPage() {
  usePageTitle('Firms');
  const queryClient = useQueryClient();
  // A long form on a phone reads better on the whole screen than in a floating box.
  const phone = useMediaQuery('(max-width: 36em)');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [ordering, setOrdering] = useState('name');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<Firm | null>(null);

  const list = useQuery(firmListQuery({ search: debouncedSearch, ordering, page, page_size: PAGE_SIZE }));
  const rows = list.data?.results ?? [];

  const remove = useMutation({
    mutationFn: (firm: Firm) => deleteFirm(firm.id),
    onSuccess: () => {
      setDeleting(null);
      notifySuccess(messages.firms.deleted);
    },
    // A 409 (the firm still has users) is toasted with the server's reason by the query client.
    onError: () => setDeleting(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmsKey }),
  });

  const sort = (value: string) => {
    setOrdering(value);
    setPage(1);
  };
  const header = (label: string, field: string) => (
    <SortableHeader label={label} field={field} ordering={ordering} onSort={sort} />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Firms</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setOpen({ mode: 'create', firm: null })}
        >
          New Firm
        </Button>
      </Group>

      <TextInput
        aria-label="Search firms"
        placeholder="Search by name or abbreviation..."
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={{ sm: 420 }}
      />

      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Firms">
          <Table.Thead>
            <Table.Tr>
              {header('Firm', 'name')}
              {header('Street', 'street')}
              {header('City', 'city')}
              {header('State', 'state')}
              {header('Zip/Postal Code', 'zip_code')}
              <Table.Th>
                <Text span size="sm" fw={700}>
                  Actions
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((firm) => (
              <Table.Tr key={firm.id}>
                <Table.Td>{firm.name}</Table.Td>
                <Table.Td>{firm.street}</Table.Td>
                <Table.Td>{firm.city}</Table.Td>
                <Table.Td>{firm.state}</Table.Td>
                <Table.Td>{firm.zip_code}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      c="gray.8"
                      aria-label={`View ${firm.name}`}
                      onClick={() => setOpen({ mode: 'view', firm })}
                    >
                      <IconEye size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      c="gray.8"
                      aria-label={`Edit ${firm.name}`}
                      onClick={() => setOpen({ mode: 'edit', firm })}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${firm.name}`}
                      onClick={() => setDeleting(firm)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text ta="center" py="md" c="dimmed">
                    No firms found.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <ListPagination page={page} pageSize={PAGE_SIZE} count={list.data?.count ?? 0} onChange={setPage} />

      <Modal
        opened={open !== null}
        fullScreen={phone}
        onClose={() => setOpen(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={open ? titleOf(open) : ''}
        size="lg"
      >
        {open && (
          <FirmForm
            key={`${open.mode}-${open.firm?.id ?? 'new'}`}
            mode={open.mode}
            firm={open.firm}
            onEdit={() => setOpen({ mode: 'edit', firm: open.firm })}
            onDone={() => setOpen(null)}
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        name={deleting?.name ?? null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
