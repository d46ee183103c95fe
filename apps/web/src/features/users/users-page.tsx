import { Badge, Button, Center, Checkbox, Group, Modal, Select, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  canCancelInvitation,
  canDeleteUser,
  canEditUser,
  canEndSessionsOf,
  canResetTwoFactor,
  isSuperAdmin,
  messages,
  personListName,
  personName,
  type UserListItem,
  usersScreenMessages as ui,
  userOrderings,
  userStatuses,
} from '@portal/domain';
import {
  IconLogout,
  IconMailForward,
  IconMailOff,
  IconPencil,
  IconPlus,
  IconShieldOff,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { SegmentedFilter } from '../../components/data-table/segmented-filter';
import { useListState } from '../../components/data-table/use-list-state';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { formatPortalDateTime } from '../../lib/dates';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import {
  cancelInvitation,
  deleteUser,
  endUserSessions,
  resetTwoFactor,
  sendActivationLink,
  userListQuery,
  usersKey,
} from './users-api';

const ALL_FIRMS = 'all';

// The form (its validators, date and number inputs) downloads when it is first wanted, not with the
// list: pointing at "New User" starts it, so it is usually there by the click.
const loadUserForm = () => import('./user-form');
const UserForm = lazy(async () => ({ default: (await loadUserForm()).UserForm }));
const EditUserForm = lazy(async () => ({ default: (await loadUserForm()).EditUserForm }));

/** "Last, First" as the User column shows it. */
const listName = (user: UserListItem) => personListName(user);
/** The modal's title for an existing user: their name. */
const fullName = (user: UserListItem) => personName(user);

const COLUMNS: DataTableColumn<UserListItem>[] = [
  { label: ui.user, sortKey: 'last_name', render: listName },
  { label: ui.email, sortKey: 'email', visibleFrom: 'sm', render: (user) => user.email },
  { label: ui.profile, sortKey: 'profile_type', visibleFrom: 'xs', render: (user) => user.profile_type_name },
  {
    label: ui.active,
    sortKey: 'is_active',
    visibleFrom: 'xs',
    render: (user) => (
      <Group gap="xs" wrap="nowrap">
        <Checkbox
          aria-label={ui.isActive(listName(user))}
          checked={user.is_active}
          readOnly
          tabIndex={-1}
          styles={{ input: { cursor: 'default' } }}
        />
        {/* Never activated, with the mailed link still out: the person has not come in yet. */}
        {user.invitation_pending && (
          <Badge color="blue.8" variant="filled" size="sm" tt="none" miw="max-content">
            {messages.users.invited}
          </Badge>
        )}
      </Group>
    ),
  },
  {
    label: ui.lastLogin,
    sortKey: 'last_login',
    nowrap: true,
    visibleFrom: 'md',
    render: (user) => formatPortalDateTime(user.last_login),
  },
];

/** A row action asked for in a confirmation: once done, the confirmation closes, a toast says so, lists reload. */
function useConfirmedAction(call: (user: UserListItem) => Promise<unknown>, done: string, close: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      close();
      notifySuccess(done);
      void queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

type Editing = { mode: 'create' } | { mode: 'edit'; user: UserListItem } | null;

/** The user manager: a server-side list with search, filters, sorting and the user modal. */
export function UsersPage() {
  usePageTitle('Users');
  const actor = useCurrentUser();
  const superAdmin = isSuperAdmin(actor);
  // A long form on a phone reads better on the whole screen than in a floating box.
  const phone = useMediaQuery('(max-width: 36em)');

  const table = useListState({
    pageSize: 25,
    defaultOrdering: 'last_name',
    orderings: userOrderings,
    filters: {
      status: { initial: 'all', allowed: userStatuses },
      firm: { initial: ALL_FIRMS, allowed: (value) => value === ALL_FIRMS || /^[1-9]\d*$/.test(value) },
    },
  });
  // Only a super admin chooses the firm; everyone else's list is their firm's, which the server enforces.
  const firm = superAdmin ? table.filters.firm : String(actor.profile._firm ?? '');
  const list = useQuery(userListQuery({ ...table.params, firm: superAdmin && firm !== ALL_FIRMS ? firm : null }));
  const firms = useQuery(firmOptionsQuery);
  const [selected, setSelected] = useState<Set<number | string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<UserListItem | null>(null);
  const [uninviting, setUninviting] = useState<UserListItem | null>(null);
  const [resetting, setResetting] = useState<UserListItem | null>(null);

  const remove = useConfirmedAction(
    (user) => deleteUser(user.id),
    messages.users.deleted,
    () => setDeleting(null),
  );
  const uninvite = useConfirmedAction(
    (user) => cancelInvitation(user.id),
    messages.users.invitationCancelled,
    () => setUninviting(null),
  );

  const resetFactors = useConfirmedAction(
    (user) => resetTwoFactor(user.id),
    messages.twoFactor.resetDone,
    () => setResetting(null),
  );
  // An administrator signs a person out everywhere; the toast says how many sessions ended.
  const [signingOut, setSigningOut] = useState<UserListItem | null>(null);
  const signOut = useMutation({
    mutationFn: (user: UserListItem) => endUserSessions(user.id),
    onSuccess: ({ detail }) => {
      setSigningOut(null);
      notifySuccess(detail);
    },
  });

  // A person in use who lost their password: the link goes to the address they have proven.
  const resetLink = useMutation({
    mutationFn: (user: UserListItem) => sendActivationLink(user.id, false),
    onSuccess: ({ detail }) => notifySuccess(detail),
  });

  const actions: RowAction<UserListItem>[] = [
    {
      label: ui.edit,
      icon: IconPencil,
      placement: 'both',
      visible: (user) => canEditUser(actor, user),
      onClick: (user) => setEditing({ mode: 'edit', user }),
    },
    {
      label: messages.users.cancelInvitation,
      icon: IconMailOff,
      visible: (user) => user.invitation_pending && canCancelInvitation(actor, user),
      onClick: setUninviting,
    },
    {
      label: messages.users.sendResetLink,
      icon: IconMailForward,
      visible: (user) => user.is_active && user.id !== actor.id && canEditUser(actor, user),
      onClick: (user) => resetLink.mutate(user),
    },
    {
      label: messages.twoFactor.resetAction,
      icon: IconShieldOff,
      visible: (user) => canResetTwoFactor(actor, user),
      onClick: setResetting,
    },
    {
      label: messages.sessions.endUserSessions,
      icon: IconLogout,
      visible: (user) => canEndSessionsOf(actor, user),
      onClick: setSigningOut,
    },
    {
      label: ui.delete,
      icon: IconTrash,
      color: 'red',
      visible: (user) => canDeleteUser(actor, user),
      onClick: setDeleting,
    },
  ];

  const firmOptions = [{ value: ALL_FIRMS, label: ui.allFirms }, ...(firms.data ?? [])];
  const filters = (
    <>
      <SegmentedFilter
        label={ui.status}
        value={table.filters.status}
        onChange={(value) => table.setFilter('status', value)}
        data={[
          { value: 'all', label: ui.all },
          { value: 'active', label: ui.active },
          { value: 'inactive', label: ui.inactive },
        ]}
      />
      <Select
        aria-label={ui.firm}
        data={firmOptions}
        value={firm}
        onChange={(value) => table.setFilter('firm', value ?? ALL_FIRMS)}
        allowDeselect={false}
        disabled={!superAdmin}
        searchable={superAdmin}
        w={{ base: '100%', xs: 240 }}
        styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
      />
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{ui.users}</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onPointerEnter={loadUserForm}
          onFocus={loadUserForm}
          onClick={() => setEditing({ mode: 'create' })}
        >
          {ui.newUser}
        </Button>
      </Group>

      <DataTable
        label={ui.users}
        state={table}
        query={list}
        columns={COLUMNS}
        rowKey={(user) => user.id}
        rowLabel={listName}
        search={{ label: ui.searchUsers, placeholder: ui.enterUserNameToSearch }}
        filters={filters}
        emptyText={messages.users.empty}
        rowNumbers
        selection={{ selected, onChange: setSelected, allLabel: ui.selectAllUsersOnThis }}
        actions={actions}
        minWidth={860}
      />

      <Modal
        opened={editing !== null}
        fullScreen={phone}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={editing?.mode === 'edit' ? fullName(editing.user) : ui.newUser}
        size="xl"
      >
        {editing && (
          <Suspense
            fallback={
              <Center py="xl">
                <Spinner label={ui.loading} />
              </Center>
            }
          >
            {editing.mode === 'edit' ? (
              <EditUserForm
                key={editing.user.id}
                actor={actor}
                userId={editing.user.id}
                onDone={() => setEditing(null)}
              />
            ) : (
              <UserForm
                actor={actor}
                user={null}
                defaultFirm={superAdmin ? (firm === ALL_FIRMS ? null : Number(firm)) : actor.profile._firm}
                onDone={() => setEditing(null)}
              />
            )}
          </Suspense>
        )}
      </Modal>

      <ConfirmDeleteModal
        name={deleting ? fullName(deleting) : null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />

      <ConfirmModal
        opened={uninviting !== null}
        title={messages.users.cancelInvitationTitle(uninviting ? fullName(uninviting) : '')}
        question={messages.users.cancelInvitationQuestion(uninviting?.email ?? '')}
        confirmLabel={messages.users.cancelInvitation}
        dismissLabel={messages.users.keepInvitation}
        color="red"
        loading={uninvite.isPending}
        onCancel={() => setUninviting(null)}
        onConfirm={() => uninviting && uninvite.mutate(uninviting)}
      />

      <ConfirmModal
        opened={resetting !== null}
        title={messages.twoFactor.resetTitle}
        question={messages.twoFactor.resetIntro(resetting ? fullName(resetting) : '')}
        confirmLabel={messages.twoFactor.resetAction}
        dismissLabel={ui.cancel}
        color="red"
        loading={resetFactors.isPending}
        onCancel={() => setResetting(null)}
        onConfirm={() => resetting && resetFactors.mutate(resetting)}
      />

      <ConfirmModal
        opened={signingOut !== null}
        title={messages.sessions.endUserSessions}
        question={messages.sessions.endUserSessionsConfirm(signingOut ? fullName(signingOut) : '')}
        confirmLabel={messages.sessions.endUserSessions}
        dismissLabel={ui.cancel}
        color="red"
        loading={signOut.isPending}
        onCancel={() => setSigningOut(null)}
        onConfirm={() => signingOut && signOut.mutate(signingOut)}
      />
    </Stack>
  );
}
