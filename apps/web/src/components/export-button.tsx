import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../lib/api';
import { downloadFile } from '../lib/download';
import { notifyError } from '../lib/notify';

/**
 * A failed download told to the person: an empty export (a 404) as a yellow note at the bottom right,
 * anything else as an error.
 */
export function reportDownload(error: unknown) {
  if (isApiError(error) && error.status === 404)
    notifications.show({
      id: `export:${error.detail}`,
      position: 'bottom-right',
      color: 'yellow',
      message: error.detail,
    });
  else notifyError(isApiError(error) ? error.detail : String(error));
}

/**
 * An export button that saves what the API answers at `path` under the server's file name. A large
 * export takes a while: `progress` words the bytes received so far, shown beside the button and announced.
 */
export function ExportButton({
  path,
  fallbackName,
  progress,
  children,
}: {
  path: string;
  fallbackName: string;
  progress: (bytes: number) => string;
  children: ReactNode;
}) {
  const [received, setReceived] = useState(0);
  const download = useMutation({
    mutationFn: () => {
      setReceived(0);
      return downloadFile(path, fallbackName, setReceived);
    },
    onError: reportDownload,
    // Reported above: an empty export is a notice at the bottom right, not the usual error toast.
    meta: { silent: true },
  });
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        {children}
      </Button>
      <Text size="sm" c="gray.8" role="status">
        {download.isPending && received > 0 ? progress(received) : ''}
      </Text>
    </Group>
  );
}
