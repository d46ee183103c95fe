import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { canDeleteUser, canEditUser, isSuperAdmin, messages, type UserListItem } from '@portal/domain';
import { IconDots, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ListPagination } from '../../components/list-pagination';
import { SortableHeader } from '../../components/sortable-header';
import { useCurrentUser } from '../../lib/current-user';
import { formatDateTime } from '../../lib/dates';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { UserForm } from './user-form';
import { deleteUser, type UserListParams, userListQuery, usersKey } from './users-api';

const PAGE_SIZE = 25;
const ALL_FIRMS = 'all';

/** "Last, First" as the User column shows it (spec 000 §2). */
const listName = (user: UserListItem) => [user.last_name, user.first_name].filter(Boolean).join(', ') || user.email;
/** The modal's title for an existing user: their name. */
const fullName = (user: UserListItem) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

type Editing = { mode: 'create' } | { mode: 'edit'; user: UserListItem } | null;

/** The user manager of spec 000 §2: a server-side list with search, filters, sorting and the user modal. */
export function UsersPage() {
  usePageTitle('Users');
  const actor = useCurrentUser();
  const superAdmin = isSuperAdmin(actor);
  const queryClient = useQueryClient();
  // A long form on a phone reads better on the whole screen than in a floating box.
  const phone = useMediaQuery('(max-width: 36em)');

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<UserListParams['status']>('all');
  // Only a super admin chooses the firm; everyone else's list is their firm's, which the server enforces.
  const [firm, setFirm] = useState<string>(superAdmin ? ALL_FIRMS : String(actor.profile._firm ?? ''));
  const [ordering, setOrdering] = useState('last_name');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<UserListItem | null>(null);

  const params: UserListParams = {
    search: debouncedSearch,
    status,
    firm: superAdmin && firm !== ALL_FIRMS ? firm : null,
    ordering,
    page,
    page_size: PAGE_SIZE,
  };
  const list = useQuery(userListQuery(params));
  const firms = useQuery(firmOptionsQuery);
  const rows = list.data?.results ?? [];

  // Any change of filter or order starts again at the first page.
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const remove = useMutation({
    mutationFn: (user: UserListItem) => deleteUser(user.id),
    onSuccess: () => {
      setDeleting(null);
      notifySuccess(messages.users.deleted);
      void queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = rows.some((row) => selected.has(row.id));

  const firmOptions = [{ value: ALL_FIRMS, label: 'All Firms' }, ...(firms.data ?? [])];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Users</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ mode: 'create' })}>
          New User
        </Button>
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search users"
          placeholder="Enter user name to search list..."
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          flex="1 1 16rem"
        />
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={refilter((value: string) => setStatus(value as UserListParams['status']))}
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
        <Select
          aria-label="Firm"
          data={firmOptions}
          value={firm}
          onChange={refilter((value: string | null) => setFirm(value ?? ALL_FIRMS))}
          allowDeselect={false}
          disabled={!superAdmin}
          searchable={superAdmin}
          w={{ base: '100%', xs: 240 }}
          styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
        />
      </Group>

      <Table.ScrollContainer minWidth={860}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <span aria-hidden>#</span>
                <VisuallyHidden>Row number</VisuallyHidden>
              </Table.Th>
              <Table.Th>
                <Checkbox
                  aria-label="Select all users on this page"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() =>
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const row of rows) {
                        if (allSelected) next.delete(row.id);
                        else next.add(row.id);
                      }
                      return next;
                    })
                  }
                />
              </Table.Th>
              <SortableHeader label="User" field="last_name" ordering={ordering} onSort={refilter(setOrdering)} />
              <SortableHeader label="Email" field="email" ordering={ordering} onSort={refilter(setOrdering)} />
              <SortableHeader label="Profile" field="profile_type" ordering={ordering} onSort={refilter(setOrdering)} />
              <SortableHeader label="Active" field="is_active" ordering={ordering} onSort={refilter(setOrdering)} />
              <SortableHeader
                label="Last Login"
                field="last_login"
                ordering={ordering}
                onSort={refilter(setOrdering)}
              />
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((user, index) => (
              <Table.Tr key={user.id}>
                <Table.Td>{(page - 1) * PAGE_SIZE + index + 1}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${listName(user)}`}
                    checked={selected.has(user.id)}
                    onChange={() => toggle(user.id)}
                  />
                </Table.Td>
                <Table.Td>{listName(user)}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.profile_type_name}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${listName(user)} is active`}
                    checked={user.is_active}
                    readOnly
                    tabIndex={-1}
                    styles={{ input: { cursor: 'default' } }}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.last_login)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {canEditUser(actor, user) && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        c="gray.8"
                        aria-label={`Edit ${listName(user)}`}
                        onClick={() => setEditing({ mode: 'edit', user })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    )}
                    {canEditUser(actor, user) && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            c="gray.8"
                            aria-label={`Actions for ${listName(user)}`}
                          >
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            leftSection={<IconPencil size={16} aria-hidden />}
                            onClick={() => setEditing({ mode: 'edit', user })}
                          >
                            Edit
                          </Menu.Item>
                          {canDeleteUser(actor, user) && (
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={16} aria-hidden />}
                              onClick={() => setDeleting(user)}
                            >
                              Delete
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text ta="center" py="md" c="dimmed">
                    No users found.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <ListPagination page={page} pageSize={PAGE_SIZE} count={list.data?.count ?? 0} onChange={setPage} />

      <Modal
        opened={editing !== null}
        fullScreen={phone}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={editing?.mode === 'edit' ? fullName(editing.user) : 'New User'}
        size="xl"
      >
        {editing && (
          <UserForm
            key={editing.mode === 'edit' ? editing.user.id : 'new'}
            actor={actor}
            user={editing.mode === 'edit' ? editing.user : null}
            defaultFirm={superAdmin ? (firm === ALL_FIRMS ? null : Number(firm)) : actor.profile._firm}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDeleteModal
        name={deleting ? fullName(deleting) : null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
