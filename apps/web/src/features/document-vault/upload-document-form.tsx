import { Button, FileInput, Group, Select, Stack, Textarea } from '@mantine/core';
import {
  CLIENT_DOCUMENT_ACCEPT,
  CLIENT_DOCUMENT_CATEGORIES,
  CLIENT_DOCUMENT_MAX_BYTES,
  CLIENT_DOCUMENT_MAX_LABEL,
  clientDocumentExtension,
  clientDocumentUploadFields,
  messages,
  documentVaultScreenMessages as ui,
} from '@portal/domain';
import { IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { clientDocumentsKey, uploadClientDocument } from './document-vault-api';

const m = messages.clientDocuments;

/** The server's checks that a browser can make before 25 MB travel: a kind the vault takes, not too large. */
const schema = z.object({
  category: z.enum(CLIENT_DOCUMENT_CATEGORIES, { error: m.chooseCategory }),
  description: clientDocumentUploadFields.shape.description,
  file: z
    .custom<File>((value) => value instanceof File, { error: m.fileMissing })
    .refine((file) => clientDocumentExtension(file.name) !== null, m.fileType)
    .refine((file) => file.size <= CLIENT_DOCUMENT_MAX_BYTES, m.fileTooLarge(CLIENT_DOCUMENT_MAX_LABEL))
    .refine((file) => file.size > 0, m.fileMissing),
});

const CATEGORY_OPTIONS = CLIENT_DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: m.categories[c] }));

/** The server refuses a file by its status (413, 415): the message belongs beside the file input. */
const fileRefusal = (error: unknown) => isApiError(error) && (error.status === 413 || error.status === 415);

/** 'Upload a document' into one client's vault: its type, a description, and the file. */
export function UploadDocumentForm({ client, onDone }: { client: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(schema, { category: 'statement', description: '', file: null });
  const upload = useMutation({
    mutationFn: (values: z.output<typeof schema>) =>
      uploadClientDocument({ client, ...values, description: values.description ?? '' }),
    meta: { showsInline: (error) => fileRefusal(error) || form.errorMeta.showsInline(error) },
    onSuccess: () => {
      notifySuccess(m.uploaded);
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && fileRefusal(error)) form.setFieldError('file', error.detail);
      else form.setServerErrors(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientDocumentsKey }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => upload.mutate(values))}>
      <Stack gap="md">
        <Select
          label={m.categoryLabel}
          required
          data={CATEGORY_OPTIONS}
          allowDeselect={false}
          {...form.select('category')}
        />
        <Textarea label={m.descriptionLabel} rows={3} {...form.text('description')} />
        <FileInput
          label={m.fileLabel}
          description={m.fileHint(CLIENT_DOCUMENT_MAX_LABEL)}
          required
          accept={CLIENT_DOCUMENT_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': ui.clearFile }}
          leftSection={<IconFileUpload size={16} aria-hidden />}
          {...form.input('file')}
        />
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
