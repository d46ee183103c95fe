import { Button } from '@mantine/core';
import { messages, attestationsScreenMessages as ui } from '@portal/domain';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ExportButton, reportDownload } from '../../components/export-button';
import { queryString } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** The manager's filters as its selects hold them: an id, a year, a quarter, or 'all'. */
export interface ExportFilters {
  firm: string;
  fiscalYear: string;
  fiscalQuarter: string;
}
const param = (value: string) => (value === 'all' ? null : value);

/**
 * The manager's 'CSV export' for CCOs: a ZIP of the filtered firm and period. A whole
 * year of a large firm takes a while: the megabytes received so far are shown (and announced).
 */
export function CsvExportButton({ filters }: { filters: ExportFilters }) {
  return (
    <ExportButton
      path={`/api/quarterly_attestations/export/${queryString({
        firm: param(filters.firm),
        fiscalYear: param(filters.fiscalYear),
        fiscalQuarter: param(filters.fiscalQuarter),
      })}`}
      fallbackName="attestations.zip"
      progress={messages.attestations.exportProgress}
    >
      {ui.csvExport}
    </ExportButton>
  );
}

/** The View/Edit modal's 'PDF': the attestation as a text PDF named after it. */
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
      {ui.pdf}
    </Button>
  );
}
