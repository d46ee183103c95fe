import { FileInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  extensionOf,
  messages,
  RESOURCE_ACCEPT,
  RESOURCE_MAX_BYTES,
  type Resource,
  type ResourceCategory,
  resourceCreateFields,
} from '@portal/domain';
import { IconFileUpload, IconLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FormActions } from '../../components/form-actions';
import { isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { addResource, type ResourceInput, resourcesKey, updateResource } from './resources-api';

const m = messages.resources;
const NONE = 'none';
const ACCEPTED = new Set(RESOURCE_ACCEPT.split(',').map((e) => e.slice(1)));
const ACK_OPTIONS = [
  { value: NONE, label: m.acknowledgementKinds.none },
  { value: 'code_of_ethics', label: m.acknowledgementKinds.code_of_ethics },
  { value: 'ia_manual', label: m.acknowledgementKinds.ia_manual },
];

/**
 * The server's checks before 50 MB travel (a file on the list, not empty, not too large; a link on
 * http(s)); the server checks the file's bytes again, which a browser cannot.
 */
const schemaFor = (editing: Resource | null) =>
  z
    .object({
      name: resourceCreateFields.shape.name,
      source: z.enum(['file', 'link']),
      url: z.string(),
      file: z.custom<File | null>((v) => v === null || v instanceof File),
      acknowledgement: z.string(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.source === 'link') {
        const url = resourceCreateFields.shape.url.safeParse(v.url);
        if (!url.success) issue('url', messages.validation.url);
        else if (!url.data) issue('url', m.fileOrUrl);
        return;
      }
      if (!v.file) {
        if (editing?.kind !== 'file') issue('file', m.fileOrUrl);
        return;
      }
      if (!ACCEPTED.has(extensionOf(v.file.name))) issue('file', m.fileType);
      else if (v.file.size > RESOURCE_MAX_BYTES) issue('file', m.fileTooLarge);
      else if (v.file.size === 0) issue('file', m.fileEmpty);
    });

/** The server names a file it refuses by its status (413, 415) and on the field: shown beside the input. */
const fileRefusal = (error: unknown) => isApiError(error) && (error.status === 413 || error.status === 415);

interface ResourceFormProps {
  category: ResourceCategory;
  /** The firm a new resource is for (a super admin may add to another firm). */
  firm?: number | null;
  /** The resource being changed; null adds one. */
  editing: Resource | null;
  onDone: () => void;
}

/**
 * Add Resource / Edit Resource: a name, a file or a link, and for a Compliance document whether staff
 * must acknowledge it. Choosing a file when editing replaces the current one (a new version).
 */
export function ResourceForm({ category, firm, editing, onDone }: ResourceFormProps) {
  const queryClient = useQueryClient();
  const schema = schemaFor(editing);
  const form = useSchemaForm(schema, {
    name: editing?.name ?? '',
    source: editing?.kind ?? 'file',
    url: editing?.kind === 'link' ? editing.url : '',
    file: null,
    acknowledgement: editing?.acknowledgement ?? NONE,
  });

  const save = useMutation({
    mutationFn: (values: z.output<typeof schema>) => {
      const input: ResourceInput = { name: values.name };
      if (category === 'compliance') input.acknowledgement = values.acknowledgement;
      // Only a changed file or link is a new version.
      if (values.source === 'file' && values.file) input.file = values.file;
      if (values.source === 'link' && !(editing?.kind === 'link' && editing.url === values.url.trim()))
        input.url = values.url.trim();
      return editing ? updateResource(editing.id, input) : addResource({ ...input, category, firm: firm ?? undefined });
    },
    meta: { showsInline: (error) => fileRefusal(error) || form.errorMeta.showsInline(error) },
    onSuccess: () => {
      notifySuccess(editing ? m.updated : m.added);
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && fileRefusal(error)) form.setFieldError('file', error.detail);
      else form.setServerErrors(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourcesKey }),
  });

  const source = form.values.source;

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <TextInput label={m.name} required maxLength={200} {...form.text('name')} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="resource-source-label">
            {m.source}
          </Text>
          <SegmentedControl
            aria-labelledby="resource-source-label"
            data={[
              { value: 'file', label: m.sourceFile },
              { value: 'link', label: m.sourceLink },
            ]}
            value={source ?? 'file'}
            onChange={(value) => form.setFieldValue('source', value as 'file' | 'link')}
          />
        </Stack>
        {source === 'file' ? (
          <FileInput
            label={m.file}
            description={editing?.kind === 'file' ? `${m.replaceHint} ${m.fileHint}` : m.fileHint}
            required={editing?.kind !== 'file'}
            accept={RESOURCE_ACCEPT}
            clearable
            clearButtonProps={{ 'aria-label': m.clearFile }}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            placeholder={editing?.file_name || m.chooseFile}
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            {...form.input('file')}
          />
        ) : (
          <TextInput
            label={m.url}
            description={m.urlHint}
            required
            type="url"
            inputMode="url"
            leftSection={<IconLink size={16} aria-hidden />}
            {...form.text('url')}
          />
        )}
        {category === 'compliance' && (
          <Select
            label={m.acknowledgement}
            description={m.acknowledgementHint}
            data={ACK_OPTIONS}
            allowDeselect={false}
            {...form.select('acknowledgement')}
          />
        )}
        <FormActions readOnly={false} saving={save.isPending} onDone={onDone} />
      </Stack>
    </form>
  );
}
