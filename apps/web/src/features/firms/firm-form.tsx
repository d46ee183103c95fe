import { FileInput, Image, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_GRACE_DAYS,
  DEFAULT_IDLE_TIMEOUT_MINUTES,
  type Firm,
  firmBody,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  MAX_IDLE_TIMEOUT_MINUTES,
  MIN_IDLE_TIMEOUT_MINUTES,
  messages,
  firmsScreenMessages as ui,
} from '@portal/domain';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { FormActions } from '../../components/form-actions';
import { StateSelect } from '../../components/state-select';
import { firmsKey } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { createFirm, updateFirm, uploadLogo } from './firms-api';

const KB = 1024;
/** Who must sign in with a second factor (rules/two-factor.ts). */
const POLICY_OPTIONS = [
  { value: 'required', label: messages.twoFactor.policyRequired },
  { value: 'optional', label: messages.twoFactor.policyOptional },
  { value: 'demo', label: messages.twoFactor.policyDemo },
];

// The logo is chosen in the same form but uploaded on its own call once the firm exists.
const logo = z
  .instanceof(File)
  .refine((file) => (LOGO_TYPES as readonly string[]).includes(file.type), messages.firms.logoType)
  .refine((file) => file.size <= LOGO_MAX_BYTES, messages.firms.logoSize)
  .nullable();
const schema = firmBody.extend({ logo });

const valuesOf = (firm: Firm | null) => ({
  name: firm?.name ?? null,
  abbreviation: firm?.abbreviation ?? null,
  firm_tk: firm?.firm_tk ?? null,
  street: firm?.street ?? null,
  city: firm?.city ?? null,
  state: firm?.state ?? null,
  zip_code: firm?.zip_code ?? null,
  form_adv_url: firm?.form_adv_url ?? null,
  form_crs_url: firm?.form_crs_url ?? null,
  attestation_grace_days: firm?.attestation_grace_days ?? DEFAULT_GRACE_DAYS,
  two_factor_policy: firm?.two_factor_policy ?? 'required',
  idle_timeout_minutes: firm?.idle_timeout_minutes ?? DEFAULT_IDLE_TIMEOUT_MINUTES,
  logo: null,
});

export type FirmFormMode = 'view' | 'create' | 'edit';

interface FirmFormProps {
  mode: FirmFormMode;
  firm: Firm | null;
  onEdit: () => void;
  onDone: () => void;
}

/** The firm modal's content: read-only, new or edit. */
export function FirmForm({ mode, firm, onEdit, onDone }: FirmFormProps) {
  const queryClient = useQueryClient();
  const readOnly = mode === 'view';
  const form = useSchemaForm(schema, valuesOf(firm));

  const mutation = useMutation({
    mutationFn: async ({ logo: file, ...body }: z.output<typeof schema>) => {
      const saved = firm ? await updateFirm(firm.id, body) : await createFirm(body);
      // The logo is uploaded once the firm exists (a new firm has no id before).
      if (file) await uploadLogo(saved.id, file);
      return saved;
    },
    meta: form.errorMeta,
    onSuccess: () => {
      notifySuccess(firm ? messages.firms.updated : messages.firms.created);
      onDone();
    },
    onError: form.setServerErrors,
    // A firm saved before its logo failed is still new in the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmsKey }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={ui.firmName} required={!readOnly} readOnly={readOnly} {...form.text('name')} />
          <TextInput label={ui.abbreviation} readOnly={readOnly} {...form.text('abbreviation')} />
          <NumberInput
            label={ui.firmKey}
            readOnly={readOnly}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.number('firm_tk')}
          />
          <TextInput label={ui.street} readOnly={readOnly} {...form.text('street')} />
          <TextInput label={ui.city} readOnly={readOnly} {...form.text('city')} />
          <StateSelect label={ui.state} readOnly={readOnly} {...form.select('state')} />
          <TextInput label={ui.zipPostalCode} readOnly={readOnly} {...form.text('zip_code')} />
          <TextInput
            label={ui.formAdvLink}
            type="url"
            placeholder={ui.urlPlaceholder}
            readOnly={readOnly}
            {...form.text('form_adv_url')}
          />
          <TextInput
            label={ui.formCrsLink}
            type="url"
            placeholder={ui.urlPlaceholder}
            readOnly={readOnly}
            {...form.text('form_crs_url')}
          />
          <NumberInput
            label={ui.attestationGracePeriodDays}
            description={ui.daysAfterAQuarterOpens}
            readOnly={readOnly}
            allowDecimal={false}
            allowNegative={false}
            min={0}
            max={90}
            hideControls
            {...form.number('attestation_grace_days')}
          />
          <Select
            label={messages.twoFactor.policyLabel}
            description={messages.twoFactor.policyHelp}
            readOnly={readOnly}
            allowDeselect={false}
            data={POLICY_OPTIONS}
            {...form.select('two_factor_policy')}
          />
          <NumberInput
            label={messages.sessions.idleTimeoutLabel}
            description={messages.sessions.idleTimeoutHelp}
            readOnly={readOnly}
            allowDecimal={false}
            allowNegative={false}
            min={MIN_IDLE_TIMEOUT_MINUTES}
            max={MAX_IDLE_TIMEOUT_MINUTES}
            hideControls
            {...form.number('idle_timeout_minutes')}
          />
        </SimpleGrid>

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {ui.logo}
          </Text>
          {firm?.logo_url ? (
            <Image src={firm.logo_url} alt={ui.firmLogo(firm.name)} h={56} w="auto" fit="contain" maw={240} />
          ) : (
            <Text size="sm" c="dimmed">
              {messages.firms.noLogo}
            </Text>
          )}
          {!readOnly && (
            <FileInput
              label={firm?.logo_url ? ui.replaceLogo : ui.uploadLogo}
              description={ui.logoHint(LOGO_MAX_BYTES / KB)}
              accept={LOGO_TYPES.join(',')}
              clearable
              leftSection={<IconUpload size={16} aria-hidden />}
              placeholder={ui.chooseAnImage}
              // Drawn as text rather than a real placeholder, so it must meet AA contrast.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              {...form.input('logo')}
            />
          )}
        </Stack>

        <FormActions readOnly={readOnly} saving={mutation.isPending} onDone={onDone} onEdit={onEdit} />
      </Stack>
    </form>
  );
}
