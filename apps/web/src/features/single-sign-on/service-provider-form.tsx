import { Checkbox, Code, Group, Paper, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  messages,
  NAME_ID_FORMAT_URN,
  type ServiceProvider,
  SSO_ATTRIBUTES,
  serviceProviderUpdateBody,
  singleSignOnScreenMessages as ui,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { FormActions } from '../../components/form-actions';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { serviceProvidersKey } from '../../lib/service-providers';
import { createServiceProvider, updateServiceProvider } from './single-sign-on-api';

const m = messages.sso;

/** Add a service provider to the firm, or change one: where the response goes, and what it says. */
export function ServiceProviderForm({
  firm,
  provider,
  onDone,
}: {
  firm: number;
  provider: ServiceProvider | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(serviceProviderUpdateBody, {
    key: provider?.key ?? '',
    label: provider?.label ?? '',
    entity_id: provider?.entity_id ?? '',
    acs_url: provider?.acs_url ?? '',
    certificate: provider?.certificate ?? '',
    attributes: provider?.attributes ?? ['email', 'first_name', 'last_name'],
    relay_state: provider?.relay_state ?? '',
    is_active: provider?.is_active ?? true,
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof serviceProviderUpdateBody>) =>
      provider ? updateServiceProvider(provider.id, values) : createServiceProvider({ ...values, firm }),
    meta: form.errorMeta,
    onSuccess: () => {
      notifySuccess(provider ? m.updated : m.created);
      onDone();
    },
    onError: form.setServerErrors,
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceProvidersKey }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <TextInput label={m.labelLabel} required {...form.text('label')} />
        <TextInput
          label={m.keyLabel}
          description={m.keyDescription}
          required
          autoCapitalize="none"
          spellCheck={false}
          {...form.text('key')}
        />
        <TextInput label={m.entityIdLabel} description={m.entityIdDescription} required {...form.text('entity_id')} />
        <TextInput
          label={m.acsUrlLabel}
          description={m.acsUrlDescription}
          required
          type="url"
          placeholder={ui.urlPlaceholder}
          {...form.text('acs_url')}
        />
        <Textarea
          label={m.certificateLabel}
          description={m.certificateDescription}
          required
          rows={6}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          {...form.text('certificate')}
        />
        {/* Not a choice: what the provider receives, and what it has to do with it. */}
        <Paper withBorder p="sm" radius="md" role="group" aria-labelledby="sso-name-id">
          <Stack gap={4}>
            <Text id="sso-name-id" size="sm" fw={500}>
              {m.nameIdLabel}: <Code style={{ wordBreak: 'break-all' }}>{NAME_ID_FORMAT_URN}</Code>
            </Text>
            <Text size="sm">{m.nameIdText}</Text>
            <Text size="sm" c="dimmed">
              {m.nameIdMapping}
            </Text>
          </Stack>
        </Paper>
        <Checkbox.Group label={m.attributesLabel} description={m.attributesDescription} {...form.input('attributes')}>
          <Group gap="md" mt={6}>
            {SSO_ATTRIBUTES.map((a) => (
              <Checkbox key={a} value={a} label={m.attributeNames[a]} />
            ))}
          </Group>
        </Checkbox.Group>
        <TextInput
          label={m.relayStateLabel}
          description={m.relayStateDescription}
          placeholder={ui.urlPlaceholder}
          {...form.text('relay_state')}
        />
        <Switch label={m.isActiveLabel} description={m.isActiveDescription} {...form.checkbox('is_active')} />
        <FormActions readOnly={false} saving={save.isPending} onDone={onDone} />
      </Stack>
    </form>
  );
}
