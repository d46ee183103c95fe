import { Anchor, Badge, Button, Code, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  serviceProviderListQuery as listParams,
  messages,
  type ServiceProvider,
  singleSignOnScreenMessages as ui,
} from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useEditRemove } from '../../components/edit-remove';
import { useFirmSetupList } from '../../components/firm-setup-list';
import { formatDate } from '../../lib/dates';
import { serviceProvidersKey } from '../../lib/service-providers';
import { usePageTitle } from '../../lib/use-page-title';
import { ServiceProviderForm } from './service-provider-form';
import { deleteServiceProvider, serviceProviderListQuery } from './single-sign-on-api';

const m = messages.sso;
const METADATA_PATH = '/api/sso/metadata/';

const COLUMNS: DataTableColumn<ServiceProvider>[] = [
  { label: m.columns.label, sortKey: 'label', render: (sp) => sp.label },
  { label: m.columns.key, sortKey: 'key', visibleFrom: 'xs', render: (sp) => <Code>{sp.key}</Code> },
  {
    label: m.columns.entity_id,
    visibleFrom: 'md',
    render: (sp) => (
      <Text span inherit style={{ wordBreak: 'break-all' }}>
        {sp.entity_id}
      </Text>
    ),
  },
  {
    label: m.columns.certificate_expires,
    sortKey: 'certificate_expires',
    visibleFrom: 'sm',
    render: (sp) => formatDate(sp.certificate_expires),
  },
  {
    label: m.columns.is_active,
    render: (sp) => (
      <Badge variant="light" color={sp.is_active ? 'green' : 'gray'}>
        {sp.is_active ? m.active : m.inactive}
      </Badge>
    ),
  },
];

/**
 * Single Sign-On: the SAML service providers a firm's portfolio-system links sign its staff
 * in to, kept by its administrators; a super admin picks the firm. The portal's metadata is linked here,
 * since each service provider needs it to trust the portal.
 */
export function SingleSignOnPage() {
  usePageTitle(m.title);
  const { table, firm, picker } = useFirmSetupList({
    defaultOrdering: 'label',
    orderings: listParams.shape.ordering.unwrap().options,
  });
  const phone = useMediaQuery('(max-width: 36em)');
  const list = useQuery({ ...serviceProviderListQuery({ ...table.params, firm }), enabled: firm !== null });
  const { editing, setEditing, removing, setRemoving, remove, actions } = useEditRemove(
    (provider: ServiceProvider) => deleteServiceProvider(provider.id),
    serviceProvidersKey,
    m.deleted,
  );

  return (
    <Stack gap="md">
      <Title order={1}>{m.title}</Title>
      <Text>{m.intro}</Text>
      <Paper withBorder p="sm" radius="md">
        <Text size="sm">
          <Anchor href={METADATA_PATH} target="_blank" rel="noopener">
            {m.metadataLink}
          </Anchor>
          {' · '}
          {m.entityIdLabel}:{' '}
          <Code style={{ wordBreak: 'break-all' }}>{`${window.location.origin}${METADATA_PATH}`}</Code>
        </Text>
      </Paper>
      {picker}
      {firm !== null && (
        <>
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ row: null })}>
              {m.add}
            </Button>
          </Group>
          <DataTable
            label={m.title}
            state={table}
            query={list}
            columns={COLUMNS}
            rowKey={(sp) => sp.id}
            rowLabel={(sp) => sp.label}
            search={{ label: ui.searchServiceProviders, placeholder: ui.searchByNameKeyOr }}
            emptyText={m.empty}
            actions={actions}
            minWidth={720}
          />
        </>
      )}

      <Modal
        opened={editing !== null && firm !== null}
        fullScreen={phone}
        size="lg"
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': ui.close }}
        title={editing?.row ? m.editTitle : m.addTitle}
      >
        {editing && firm !== null && (
          <ServiceProviderForm
            key={editing.row?.id ?? 'new'}
            firm={firm}
            provider={editing.row}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmModal
        opened={removing !== null}
        title={m.removeTitle}
        question={removing ? m.deleteQuestion(removing.label) : ''}
        confirmLabel={ui.remove}
        dismissLabel={messages.lists.cancel}
        color="red"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Stack>
  );
}
