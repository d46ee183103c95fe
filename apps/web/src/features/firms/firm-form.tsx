import {
  Button,
  FileInput,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Firm, LOGO_MAX_BYTES, LOGO_TYPES, messages, US_STATES } from '@portal/domain';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { firmsKey } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { createFirm, type FirmInput, updateFirm, uploadLogo } from './firms-api';

const TEXT_FIELDS = [
  'name',
  'abbreviation',
  'street',
  'city',
  'state',
  'zip_code',
  'form_adv_url',
  'form_crs_url',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = Record<TextField, string> & { firm_tk: number | string; logo: File | null };

function valuesOf(firm: Firm | null): Values {
  const values = {} as Values;
  for (const key of TEXT_FIELDS) values[key] = firm?.[key] ?? '';
  values.firm_tk = firm?.firm_tk ?? '';
  values.logo = null;
  return values;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function bodyOf(values: Values): FirmInput {
  return {
    name: values.name.trim(),
    abbreviation: orNull(values.abbreviation),
    firm_tk: typeof values.firm_tk === 'number' ? values.firm_tk : null,
    street: orNull(values.street),
    city: orNull(values.city),
    state: orNull(values.state),
    zip_code: orNull(values.zip_code),
    form_adv_url: orNull(values.form_adv_url),
    form_crs_url: orNull(values.form_crs_url),
  };
}

const KB = 1024;

export type FirmFormMode = 'view' | 'create' | 'edit';

interface FirmFormProps {
  mode: FirmFormMode;
  firm: Firm | null;
  onEdit: () => void;
  onDone: () => void;
}

/** The firm modal's content (spec 001 §2 "Firms manager"): read-only, new or edit. */
export function FirmForm({ mode, firm, onEdit, onDone }: FirmFormProps) {
  const queryClient = useQueryClient();
  const readOnly = mode === 'view';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(firm),
    validate: {
      name: (value) => (value.trim() ? null : 'Firm name is required.'),
      logo: (file) => {
        if (!file) return null;
        if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image.';
        if (file.size > LOGO_MAX_BYTES) return `The logo must be at most ${LOGO_MAX_BYTES / KB} KB.`;
        return null;
      },
    },
  });

  const mutation = useMutation({
    mutationFn: async (values: Values) => {
      const body = bodyOf(values);
      const saved = firm ? await updateFirm(firm.id, body) : await createFirm(body);
      // The logo is uploaded once the firm exists (a new firm has no id before).
      if (values.logo) await uploadLogo(saved.id, values.logo);
      return saved;
    },
    meta: { inlineFields: [...TEXT_FIELDS, 'firm_tk'] },
    onSuccess: () => {
      notifySuccess(firm ? messages.firms.updated : messages.firms.created);
      onDone();
    },
    onError: (error) => {
      if (isApiError(error)) form.setErrors(error.fields);
    },
    // A firm saved before its logo failed is still new in the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmsKey }),
  });

  const text = (name: TextField, label: string, props: Record<string, unknown> = {}) => (
    <TextInput label={label} readOnly={readOnly} {...props} {...form.getInputProps(name)} />
  );
  const stateOptions =
    form.values.state && !(US_STATES as readonly string[]).includes(form.values.state)
      ? [form.values.state, ...US_STATES]
      : [...US_STATES];

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('name', 'Firm name', { required: !readOnly })}
          {text('abbreviation', 'Abbreviation')}
          <NumberInput
            label="Firm key"
            readOnly={readOnly}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('firm_tk')}
          />
          {text('street', 'Street')}
          {text('city', 'City')}
          <Select
            label="State"
            data={stateOptions}
            searchable
            clearable={!readOnly}
            readOnly={readOnly}
            nothingFoundMessage="No matching state"
            {...form.getInputProps('state')}
            value={form.values.state || null}
            onChange={(value) => form.setFieldValue('state', value ?? '')}
          />
          {text('zip_code', 'Zip/Postal Code')}
          {text('form_adv_url', 'Form ADV link', { type: 'url', placeholder: 'https://' })}
          {text('form_crs_url', 'Form CRS link', { type: 'url', placeholder: 'https://' })}
        </SimpleGrid>

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Logo
          </Text>
          {firm?.logo_url ? (
            <Image src={firm.logo_url} alt={`${firm.name} logo`} h={56} w="auto" fit="contain" maw={240} />
          ) : (
            <Text size="sm" c="dimmed">
              No logo uploaded.
            </Text>
          )}
          {!readOnly && (
            <FileInput
              label={firm?.logo_url ? 'Replace logo' : 'Upload logo'}
              description={`PNG, JPEG, WebP or GIF, at most ${LOGO_MAX_BYTES / KB} KB`}
              accept={LOGO_TYPES.join(',')}
              clearable
              leftSection={<IconUpload size={16} aria-hidden />}
              placeholder="Choose an image"
              // Drawn as text rather than a real placeholder, so it must meet AA contrast.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              {...form.getInputProps('logo')}
            />
          )}
        </Stack>

        <Group justify="flex-end">
          {readOnly ? (
            <>
              <Button variant="default" onClick={onDone}>
                Close
              </Button>
              <Button onClick={onEdit}>Edit</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                Save
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
