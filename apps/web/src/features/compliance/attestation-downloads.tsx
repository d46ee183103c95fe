import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@portal/domain';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError, queryString } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { notifyError } from '../../lib/notify';

/** A failed download told where the spec puts it: an empty export at the bottom right (spec 001 §8). */
function reportDownload(error: unknown) {
  if (isApiError(error) && error.status === 404)
    notifications.show({
      id: `export:${error.detail}`,
      position: 'bottom-right',
      color: 'yellow',
      message: error.detail,
    });
  else notifyError(isApiError(error) ? error.detail : String(error));
}

/** The manager's filters as its selects hold them: an id, a year, a quarter, or 'all'. */
export interface ExportFilters {
  firm: string;
  fiscalYear: string;
  fiscalQuarter: string;
}
const param = (value: string) => (value === 'all' ? null : value);

/**
 * The manager's 'CSV export' for CCOs (spec 001 §2): a ZIP of the filtered firm and period. A whole
 * year of a large firm takes a while: the megabytes received so far are shown (and announced).
 */
export function CsvExportButton({ filters }: { filters: ExportFilters }) {
  const [received, setReceived] = useState(0);
  const download = useMutation({
    mutationFn: () => {
      setReceived(0);
      return downloadFile(
        `/api/quarterly_attestations/export/${queryString({
          firm: param(filters.firm),
          fiscalYear: param(filters.fiscalYear),
          fiscalQuarter: param(filters.fiscalQuarter),
        })}`,
        'attestations.zip',
        setReceived,
      );
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
        CSV export
      </Button>
      <Text size="sm" c="gray.8" role="status">
        {download.isPending && received > 0 ? messages.attestations.exportProgress(received) : ''}
      </Text>
    </Group>
  );
}

/** The View/Edit modal's 'PDF' (spec 001 §2): the attestation as a text PDF named after it. */
export function AttestationPdfButton({ id, name }: { id: number; name: string }) {
  const download = useMutation({
    mutationFn: () => downloadFile(`/api/quarterly_attestations/${id}/pdf/`, `${name}.pdf`),
    onError: reportDownload,
    meta: { silent: true },
  });
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileTypePdf size={14} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      PDF
    </Button>
  );
}
