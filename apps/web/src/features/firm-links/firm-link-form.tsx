import { Select, Stack, TextInput } from '@mantine/core';
import {
  FIRM_LINK_KINDS,
  type FirmLink,
  firmLinkUpdateBody,
  messages,
  firmLinksScreenMessages as ui,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { FormActions } from '../../components/form-actions';
import { firmLinksKey } from '../../lib/menu';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { serviceProviderOptionsQuery } from '../../lib/service-providers';
import { createFirmLink, updateFirmLink } from './firm-links-api';

const m = messages.firmLinks;
const sso = messages.sso;
const KIND_OPTIONS = FIRM_LINK_KINDS.map((k) => ({ value: k, label: m.kinds[k] }));

/** Add a link to the firm, or change one: where it shows, its label and its address. */
export function FirmLinkForm({ firm, link, onDone }: { firm: number; link: FirmLink | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(firmLinkUpdateBody, {
    kind: link?.kind ?? null,
    label: link?.label ?? '',
    url: link?.url ?? '',
    service_provider: link?.service_provider ?? null,
  });
  const portfolio = form.values.kind === 'portfolio';
  // A portfolio-system link may sign in through one of the firm's service providers.
  const providers = useQuery({ ...serviceProviderOptionsQuery(firm), enabled: portfolio });
  const save = useMutation({
    mutationFn: (raw: z.output<typeof firmLinkUpdateBody>) => {
      // A link that is no longer a portfolio system drops the sign-on it had.
      const values = raw.kind === 'portfolio' ? raw : { ...raw, service_provider: null };
      return link ? updateFirmLink(link.id, values) : createFirmLink({ ...values, firm });
    },
    meta: form.errorMeta,
    onSuccess: () => {
      notifySuccess(link ? m.updated : m.created);
      onDone();
    },
    onError: form.setServerErrors,
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmLinksKey }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <Select label={m.kindLabel} required data={KIND_OPTIONS} allowDeselect={false} {...form.select('kind')} />
        <TextInput label={m.labelLabel} required {...form.text('label')} />
        <TextInput label={m.urlLabel} required type="url" placeholder={ui.urlPlaceholder} {...form.text('url')} />
        {portfolio && (
          <Select
            label={sso.linkLabel}
            description={sso.linkDescription}
            placeholder={sso.linkNone}
            data={providers.data ?? []}
            clearable
            {...form.select('service_provider')}
          />
        )}
        <FormActions readOnly={false} saving={save.isPending} onDone={onDone} />
      </Stack>
    </form>
  );
}
