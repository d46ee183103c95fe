import { Button, Group, Select, Stack } from '@mantine/core';
import {
  firmModelBody,
  isSuperAdmin,
  MAX_ID,
  messages,
  investmentCataloguesScreenMessages as ui,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useCurrentUser } from '../../lib/current-user';
import { firmOptionsQuery } from '../../lib/firms';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import {
  type Assignment,
  type AssignmentPath,
  type CataloguePath,
  catalogueOptionsQuery,
  cataloguesKey,
  saveAssignment,
} from './catalogues-api';

export interface AssignmentText {
  saved: string;
  updated: string;
  entryLabel: string;
  chooseEntry: string;
}

/** The pair, with the entry under one name whichever catalogue it comes from; the payload renames it. */
const schemaOf = (chooseEntry: string) =>
  z.object({
    firm: firmModelBody.shape.firm,
    entry: z.number({ error: chooseEntry }).int().positive().max(MAX_ID),
  });

interface AssignmentFormProps {
  path: AssignmentPath;
  /** The catalogue the entry is chosen from, and the payload's field for it. */
  catalogue: CataloguePath;
  entryKey: 'investment_model' | 'fee_schedule';
  text: AssignmentText;
  assignment: Assignment | null;
  onDone: () => void;
}

/** The firm model / firm fee schedule modal, in create mode or update mode. */
export function AssignmentForm({ path, catalogue, entryKey, text: t, assignment, onDone }: AssignmentFormProps) {
  const actor = useCurrentUser();
  const superAdmin = isSuperAdmin(actor);
  const queryClient = useQueryClient();
  const stored = assignment as (Assignment & Record<string, number>) | null;
  const form = useSchemaForm(schemaOf(t.chooseEntry), {
    firm: assignment?.firm ?? actor.profile._firm ?? null,
    entry: stored?.[entryKey] ?? null,
  });
  const firms = useQuery(firmOptionsQuery);
  const firmId = (form.values.firm as number | null) ?? null;
  const entries = useQuery(catalogueOptionsQuery(catalogue, firmId));
  const firmInput = form.select('firm');

  const mutation = useMutation({
    mutationFn: (values: { firm: number; entry: number }) =>
      saveAssignment(path, assignment?.id ?? null, { firm: values.firm, [entryKey]: values.entry }),
    meta: form.errorMeta,
    onSuccess: () => {
      notifySuccess(assignment ? t.updated : t.saved);
      onDone();
    },
    // The server names the entry by its payload field (`investment_model`, `fee_schedule`): the input is `entry`.
    onError: (error: unknown) => {
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields?.[entryKey]) fields.entry = fields[entryKey];
      form.setServerErrors(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cataloguesKey }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <Select
          label={ui.firm}
          required
          disabled={!superAdmin}
          searchable={superAdmin}
          data={firms.data ?? []}
          {...firmInput}
          // Another firm's entries are not its to be offered: the entry chosen for the last firm goes.
          onChange={(next) => {
            if (next !== firmInput.value) form.setFieldValue('entry', null);
            firmInput.onChange(next);
          }}
        />
        <Select label={t.entryLabel} required searchable data={entries.data ?? []} {...form.select('entry')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {messages.lists.cancel}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {ui.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
