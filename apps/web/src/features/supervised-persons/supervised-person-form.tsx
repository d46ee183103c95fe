import { Button, Checkbox, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import {
  messages,
  type SupervisedPerson,
  supervisedPersonBody,
  supervisedPersonsScreenMessages as ui,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../lib/notify';
import { rosterKey } from '../../lib/roster';
import { requiredEmailWith } from '../../lib/schema-form/form-rules';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { addSupervisedPerson, updateSupervisedPerson } from './supervised-persons-api';

const m = messages.supervisedPersons;
// Someone else's address: sign-in's 'Please enter your email address.' would be the wrong person.
const schema = supervisedPersonBody.extend({ email: requiredEmailWith(m.emailRequired) });

const FLAGS = [
  ['has_to_submit_personal_securities', 'Personal Securities'],
  ['has_to_submit_outside_business_activities', 'Outside Business Activities'],
  ['has_to_submit_political_contributions', 'Political Contributions'],
] as const;

interface SupervisedPersonFormProps {
  /** The roster entry being edited; null to add one. */
  entry: SupervisedPerson | null;
  onDone: () => void;
}

/** Add or edit a roster entry: the person by email (fixed once added) and the lists they submit. */
export function SupervisedPersonForm({ entry, onDone }: SupervisedPersonFormProps) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(schema, {
    email: entry?.email ?? null,
    has_to_submit_personal_securities: entry?.has_to_submit_personal_securities ?? false,
    has_to_submit_outside_business_activities: entry?.has_to_submit_outside_business_activities ?? false,
    has_to_submit_political_contributions: entry?.has_to_submit_political_contributions ?? false,
  });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof addSupervisedPerson>[0]) =>
      entry ? updateSupervisedPerson({ id: entry.id, body }) : addSupervisedPerson(body),
    meta: form.errorMeta,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rosterKey });
      notifySuccess(entry ? m.updated : m.added);
      onDone();
    },
    onError: (error) => form.setServerErrors(error),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((body) => save.mutate(body))}>
      <Stack gap="md">
        <TextInput
          label={ui.email}
          type="email"
          required={!entry}
          autoComplete="off"
          data-autofocus
          {...form.text('email')}
          readOnly={entry !== null}
          variant={entry ? 'filled' : 'default'}
          description={entry ? m.emailFixed : undefined}
        />
        <Fieldset legend={m.mustSubmit}>
          <Stack gap="xs">
            {FLAGS.map(([field, label]) => (
              <Checkbox key={field} label={label} {...form.checkbox(field)} />
            ))}
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {ui.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {ui.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
