import { Button, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { canEditFirmContent, messages } from '@portal/domain';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { formatDateTime } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { lifeImpactQuery } from './life-impact-api';

// The editor (tiptap and ProseMirror) is for administrators only: readers never download it.
const LifeImpactEditor = lazy(async () => ({ default: (await import('./life-impact-editor')).LifeImpactEditor }));

const m = messages.lifeImpact;

/**
 * The firm's Life Impact page, for everyone signed in, clients too. Its HTML was
 * sanitized by the server to an allow-list when saved, so it is drawn as it is.
 */
export function LifeImpactPage() {
  usePageTitle(m.title);
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const { data: page, isPending } = useQuery(lifeImpactQuery);
  const canEdit = canEditFirmContent(user);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{m.title}</Title>
        {canEdit && !editing && page && (
          <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {m.edit}
          </Button>
        )}
      </Group>
      {isPending || !page ? (
        <Spinner label={messages.lists.loading} />
      ) : editing ? (
        <Suspense fallback={<Spinner label={messages.lists.loading} />}>
          <LifeImpactEditor content={page.content} onDone={() => setEditing(false)} />
        </Suspense>
      ) : page.content ? (
        <Stack gap="xs">
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allow-list when saved */}
            <div data-testid="life-impact-content" dangerouslySetInnerHTML={{ __html: page.content }} />
          </Typography>
          {page.updated_at && (
            <Text size="sm" c="dimmed">
              {m.lastUpdated(formatDateTime(page.updated_at))}
            </Text>
          )}
        </Stack>
      ) : (
        <Text>{m.empty}</Text>
      )}
    </Stack>
  );
}
