import {
  Anchor,
  Box,
  Button,
  Flex,
  Group,
  Modal,
  NavLink,
  Select,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  canAcknowledgeResource,
  canManageResources,
  canViewAcknowledgements,
  isSuperAdmin,
  messages,
  RESOURCE_CATEGORIES,
  RESOURCE_SORTS,
  type Resource,
  type ResourceCategory,
  resourceCategoryOf,
  resourcesScreenMessages as ui,
  wireDateToText,
} from '@portal/domain';
import { IconChecklist, IconHistory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../app/shell/not-found-page';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn, type RowAction } from '../../components/data-table/data-table';
import { useListState } from '../../components/data-table/use-list-state';
import { useCurrentUser } from '../../lib/current-user';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { ResourceForm } from './resource-form';
import { acknowledgeResource, removeResource, resourceListQuery, resourcesKey } from './resources-api';
import { VersionsModal } from './versions-modal';

const m = messages.resources;
const c = m.columns;
/** The firm filter's value for the person's own firm (left out of the address). */
const OWN = '';

/** The side menu of categories: Compliance, Investments, Operations, Videos, FAQs. */
export function ResourcesSideMenu({ active }: { active: ResourceCategory }) {
  return (
    <nav aria-label={m.sideMenu}>
      {RESOURCE_CATEGORIES.map((category) => (
        <NavLink
          key={category}
          component={Link}
          to={`/resources/${category}`}
          label={m.categories[category]}
          active={category === active}
          aria-current={category === active ? 'page' : undefined}
        />
      ))}
    </nav>
  );
}

/** A document or link, opened in a new tab (a file by the portal's download path). */
function ResourceLink({ resource }: { resource: Resource }) {
  return (
    <Anchor
      href={resource.url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {resource.name}
      <VisuallyHidden> {m.opensInNewTab}</VisuallyHidden>
    </Anchor>
  );
}

/**
 * The training resources of one category: Resource Name, Added Date, Last Modified Date,
 * each opening in a new tab; administrators add, change and remove; staff acknowledge in one click the
 * Compliance documents that require it, and CCOs and administrators open who has not.
 */
export function ResourcesPage() {
  const category = resourceCategoryOf(useParams().category);
  return category ? <CategoryPage key={category} category={category} /> : <NotFoundPage />;
}

export function CategoryPage({ category }: { category: ResourceCategory }) {
  const name = m.categories[category];
  usePageTitle(m.listLabel(name));
  const actor = useCurrentUser();
  // A super admin (who manages every firm's) and a super CCO (who checks every firm's) pick the firm.
  const chooser = isSuperAdmin(actor) || actor.profile.is_super_cco;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const table = useListState({
    pageSize: 25,
    defaultOrdering: 'name',
    orderings: RESOURCE_SORTS.flatMap((s) => [s, `-${s}`]),
    filters: { firm: { initial: OWN, allowed: (value) => value === OWN || /^[1-9]\d*$/.test(value) } },
  });
  const firm = chooser && table.filters.firm !== OWN ? Number(table.filters.firm) : actor.profile._firm;
  const manager = canManageResources(actor, firm);
  const firms = useQuery({ ...firmOptionsQuery, enabled: chooser });
  const list = useQuery(resourceListQuery({ ...table.params, firm, category }));
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  const [history, setHistory] = useState<Resource | null>(null);
  const [removing, setRemoving] = useState<Resource | null>(null);

  const remove = useMutation({
    mutationFn: (r: Resource) => removeResource(r.id),
    onSuccess: () => notifySuccess(m.removed),
    onSettled: () => {
      setRemoving(null);
      return queryClient.invalidateQueries({ queryKey: resourcesKey });
    },
  });
  const acknowledge = useMutation({
    mutationFn: (r: Resource) => acknowledgeResource(r.id),
    onSuccess: () => notifySuccess(m.acknowledged),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourcesKey }),
  });

  const columns: DataTableColumn<Resource>[] = [
    { label: c.name, sortKey: 'name', render: (r) => <ResourceLink resource={r} /> },
    {
      label: c.added,
      sortKey: 'added_date',
      nowrap: true,
      visibleFrom: 'xs',
      render: (r) => wireDateToText(r.added_date),
    },
    {
      label: c.modified,
      sortKey: 'last_modified_date',
      nowrap: true,
      render: (r) => wireDateToText(r.last_modified_date),
    },
  ];
  if (category === 'compliance')
    columns.push({
      label: m.acknowledgementColumn,
      render: (r) => {
        if (!r.acknowledgement) return '';
        if (r.acknowledged_on) return <Text size="sm">{m.acknowledgedOn(wireDateToText(r.acknowledged_on))}</Text>;
        if (!canAcknowledgeResource(actor, r.firm)) return '';
        return (
          <Button
            size="compact-sm"
            aria-label={m.acknowledgeLabel(r.name)}
            loading={acknowledge.isPending && acknowledge.variables?.id === r.id}
            onClick={() => acknowledge.mutate(r)}
          >
            {m.acknowledge}
          </Button>
        );
      },
    });

  const overseer = (r: Resource) => canManageResources(actor, r.firm) || canViewAcknowledgements(actor, r.firm);
  const actions: RowAction<Resource>[] = [
    { label: m.edit, icon: IconPencil, visible: (r) => canManageResources(actor, r.firm), onClick: setEditing },
    { label: m.versions, icon: IconHistory, visible: overseer, onClick: setHistory },
    {
      label: m.acknowledgements,
      icon: IconChecklist,
      visible: (r) => r.acknowledgement !== null && canViewAcknowledgements(actor, r.firm),
      onClick: (r) => navigate(`/resources/compliance/${r.id}/acknowledgements`),
    },
    {
      label: m.remove,
      icon: IconTrash,
      color: 'red',
      visible: (r) => canManageResources(actor, r.firm),
      onClick: setRemoving,
    },
  ];

  return (
    <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align="flex-start">
      <Box w={{ base: '100%', sm: 220 }} style={{ flex: 'none' }}>
        <ResourcesSideMenu active={category} />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }} w="100%">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={1}>{name}</Title>
            {manager && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                {m.add}
              </Button>
            )}
          </Group>
          <DataTable
            label={m.listLabel(name)}
            state={table}
            query={list}
            columns={columns}
            rowKey={(r) => r.id}
            rowLabel={(r) => r.name}
            search={{ label: m.searchLabel, placeholder: m.searchPlaceholder }}
            filters={
              chooser ? (
                <Select
                  aria-label={m.firmLabel}
                  data={firms.data ?? []}
                  value={String(firm ?? '')}
                  onChange={(value) =>
                    table.setFilter('firm', value === String(actor.profile._firm) ? OWN : (value ?? OWN))
                  }
                  allowDeselect={false}
                  searchable
                  w={{ base: '100%', xs: 240 }}
                />
              ) : undefined
            }
            emptyText={m.empty(name)}
            actions={actions}
            minWidth={category === 'compliance' ? 640 : 520}
          />
        </Stack>
      </Box>

      <Modal
        opened={editing !== null}
        fullScreen={phone}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={editing === 'new' ? m.addTitle : m.editTitle}
        size="lg"
      >
        {editing !== null && (
          <ResourceForm
            key={editing === 'new' ? 'new' : editing.id}
            category={category}
            firm={firm}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>

      <VersionsModal resource={history} onClose={() => setHistory(null)} />

      <ConfirmModal
        opened={removing !== null}
        title={removing ? m.removeTitle(removing.name) : ''}
        question={removing ? m.removeConfirm(removing.name) : ''}
        confirmLabel={m.remove}
        dismissLabel={messages.lists.cancel}
        color="red"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Flex>
  );
}
