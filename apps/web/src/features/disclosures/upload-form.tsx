import '@mantine/dates/styles.css';
import { ActionIcon, Button, Checkbox, FileInput, Group, Popover, Select, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import {
  DISCLOSURE_KINDS,
  DISCLOSURE_MAX_BYTES,
  disclosureKind,
  disclosureUploadQuery,
  isAdv,
  messages,
} from '@portal/domain';
import { IconCalendar, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { DateTextInput } from '../../components/date-text-input';
import { isApiError } from '../../lib/api';
import { formatBytes } from '../../lib/bytes';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { disclosureDeliveriesKey, disclosureDocumentsKey, uploadVersion } from './disclosures-api';

const m = messages.disclosures;
const PDF = 'application/pdf';

/** The same checks as the server's, before 10 MB travel: a PDF, not empty, not too large. */
const schema = z.object({
  kind: disclosureKind,
  effective_date: disclosureUploadQuery.shape.effective_date,
  material_change: z.boolean(),
  file: z
    .custom<File>((value) => value instanceof File, { error: m.fileMissing })
    .refine((file) => file.type === PDF, m.fileType)
    .refine((file) => file.size <= DISCLOSURE_MAX_BYTES, m.fileTooLarge)
    .refine((file) => file.size > 0, m.fileMissing),
});

const KIND_OPTIONS = DISCLOSURE_KINDS.map((kind) => ({ value: kind, label: m.kinds[kind] }));

/** The server names a file it refuses by its status, not a field: these belong beside the file input. */
const fileRefusal = (error: unknown) => isApiError(error) && (error.status === 413 || error.status === 415);

interface UploadFormProps {
  firm: number;
  onDone: () => void;
}

/** 'Upload version': which document, from which day, whether it changes materially (ADV), and the PDF. */
export function UploadForm({ firm, onDone }: UploadFormProps) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(schema, { kind: null, effective_date: null, material_change: false, file: null });
  const [picking, setPicking] = useState(false);

  const upload = useMutation({
    mutationFn: (values: z.output<typeof schema>) => uploadVersion({ firm, ...values }),
    meta: { showsInline: (error) => fileRefusal(error) || form.errorMeta.showsInline(error) },
    onSuccess: () => {
      notifySuccess(m.uploaded);
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && fileRefusal(error)) form.setFieldError('file', error.detail);
      else form.setServerErrors(error);
    },
    // A new current version makes clients due: the report changes too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: disclosureDocumentsKey }),
        queryClient.invalidateQueries({ queryKey: disclosureDeliveriesKey }),
      ]),
  });

  const kind = disclosureKind.safeParse(form.values.kind).data;
  const file = form.values.file;
  const date = form.select('effective_date');

  return (
    <form noValidate onSubmit={form.onSubmit((values) => upload.mutate(values))}>
      <Stack gap="md">
        <Select label={m.kindLabel} required data={KIND_OPTIONS} {...form.select('kind')} />
        <DateTextInput
          label={m.effectiveDateLabel}
          description={m.effectiveDateHint}
          required
          {...date}
          rightSection={
            <Popover opened={picking} onChange={setPicking} position="bottom-end" trapFocus returnFocus>
              <Popover.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  c="gray.8"
                  aria-label={m.pickDate}
                  aria-expanded={picking}
                  onClick={() => setPicking((open) => !open)}
                >
                  <IconCalendar size={18} aria-hidden />
                </ActionIcon>
              </Popover.Target>
              <Popover.Dropdown>
                <DatePicker
                  value={date.value && /^\d{4}-\d{2}-\d{2}$/.test(date.value) ? date.value : null}
                  defaultDate={date.value && /^\d{4}-\d{2}-\d{2}$/.test(date.value) ? date.value : undefined}
                  onChange={(picked) => {
                    form.setFieldValue('effective_date', picked);
                    setPicking(false);
                  }}
                />
              </Popover.Dropdown>
            </Popover>
          }
        />
        {kind !== undefined && isAdv(kind) && (
          <Checkbox
            label={m.materialChangeLabel}
            description={m.materialChangeHint}
            {...form.checkbox('material_change')}
          />
        )}
        <FileInput
          label={m.fileLabel}
          description={m.fileHint}
          required
          accept={PDF}
          clearable
          clearButtonProps={{ 'aria-label': m.clearFile }}
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          placeholder={m.filePlaceholder}
          // Drawn as text rather than a real placeholder, so it must meet AA contrast.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          {...form.input('file')}
        />
        {file && (
          <Text size="sm" c="gray.8" mt={-8}>
            {m.fileSize(formatBytes(file.size))}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {messages.lists.cancel}
          </Button>
          <Button type="submit" loading={upload.isPending}>
            {m.upload}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
