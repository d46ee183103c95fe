import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
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

/** The manager's 'CSV export' for CCOs (spec 001 §2): a ZIP of the filtered firm and period. */
export function CsvExportButton({ filters }: { filters: ExportFilters }) {
  const download = useMutation({
    mutationFn: () =>
      downloadFile(
        `/api/quarterly_attestations/export/${queryString({
          firm: param(filters.firm),
          fiscalYear: param(filters.fiscalYear),
          fiscalQuarter: param(filters.fiscalQuarter),
        })}`,
        'attestations.zip',
      ),
    onError: reportDownload,
    // Reported above: an empty export is a notice at the bottom right, not the usual error toast.
    meta: { silent: true },
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypeCsv size={16} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      CSV export
    </Button>
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
