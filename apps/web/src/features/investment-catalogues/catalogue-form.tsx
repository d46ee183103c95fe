import { Select, Stack, TextInput } from '@mantine/core';
import { investmentModelBody, isSuperAdmin, text, investmentCataloguesScreenMessages as ui } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormActions } from '../../components/form-actions';
import { useCurrentUser } from '../../lib/current-user';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import {
  type CatalogueEntry,
  type CataloguePath,
  cataloguesKey,
  firmAdvisorOptionsQuery,
  saveEntry,
} from './catalogues-api';

export type FormMode = 'view' | 'create' | 'edit';

export interface CatalogueText {
  created: string;
  updated: string;
  nameLabel: string;
  nameRequired: string;
}

/** The modal's body: the name the form requires (the server takes it under either wire name), firm and advisor. */
const schemaOf = (nameRequired: string) =>
  investmentModelBody.pick({ firm: true, financial_advisor: true }).extend({ name: text(200).min(1, nameRequired) });

interface CatalogueFormProps {
  path: CataloguePath;
  text: CatalogueText;
  mode: FormMode;
  entry: CatalogueEntry | null;
  onEdit: () => void;
  onDone: () => void;
}

/** A model's or fee schedule's modal: read-only, new or edit. */
export function CatalogueForm({ path, text: t, mode, entry, onEdit, onDone }: CatalogueFormProps) {
  const actor = useCurrentUser();
  const queryClient = useQueryClient();
  const readOnly = mode === 'view';
  const superAdmin = isSuperAdmin(actor);
  const form = useSchemaForm(schemaOf(t.nameRequired), {
    name: entry?.name ?? '',
    firm: entry?.firm ?? actor.profile._firm ?? undefined,
    financial_advisor: entry?.financial_advisor ?? null,
  });
  const firms = useQuery({ ...firmOptionsQuery, enabled: superAdmin });
  const advisors = useQuery(firmAdvisorOptionsQuery(form.values.firm ?? null));

  const mutation = useMutation({
    mutationFn: (body: object) => saveEntry(path, entry?.id ?? null, body),
    meta: form.errorMeta,
    onSuccess: () => {
      notifySuccess(entry ? t.updated : t.created);
      onDone();
    },
    onError: form.setServerErrors,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cataloguesKey }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <TextInput label={t.nameLabel} required={!readOnly} readOnly={readOnly} {...form.text('name')} />
        {superAdmin && (
          <Select
            label={ui.firm}
            required={!readOnly}
            readOnly={readOnly}
            searchable
            data={firms.data ?? []}
            {...form.select('firm')}
          />
        )}
        <Select
          label={ui.financialAdvisor}
          description={ui.leaveEmptyForAnEntry}
          readOnly={readOnly}
          clearable
          searchable
          data={advisors.data ?? []}
          {...form.select('financial_advisor')}
        />
        <FormActions readOnly={readOnly} saving={mutation.isPending} onDone={onDone} onEdit={onEdit} />
      </Stack>
    </form>
  );
}
