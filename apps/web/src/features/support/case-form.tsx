import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  caseCategories,
  casePriorities,
  caseReasons,
  caseStatuses,
  caseTypes,
  messages,
  NEW_CASE_STATUS,
  newSupportTicketBody,
  type SupportTicket,
  supportTicketBody,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { saveCase, supportKey } from './support-api';

const m = messages.support;
const l = m.labels;
/** The status's note goes under its input, so the input lines up with the category's beside it. */
const BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** The form's fields of a stored case, or a new one's (with the screen's category preset). */
const valuesOf = (c: SupportTicket | null, category: string | null) => ({
  Subject: c?.Subject ?? null,
  Category__c: c?.Category__c ?? category,
  Type: c?.Type ?? null,
  Priority: c?.Priority ?? null,
  Reason: c?.Reason ?? null,
  Description: c?.Description ?? null,
  ...(c ? { Status: c.Status } : {}),
});

interface CaseFormProps {
  /** The stored case, or null for 'New Case'. */
  stored: SupportTicket | null;
  /** Handlers set the status; for anyone else it shows, disabled. */
  handler: boolean;
  /** A new case's category (Prayer Requests presets Prayer Request). */
  presetCategory: string | null;
  onCancel: () => void;
  onSaved: () => void;
}

/** The case's fields: subject and category required, the option lists, the status for handlers. */
export function CaseForm({ stored, handler, presetCategory, onCancel, onSaved }: CaseFormProps) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(stored ? supportTicketBody : newSupportTicketBody, valuesOf(stored, presetCategory));
  const save = useMutation({
    // Only a handler's form sends a status: a submitter's echoes the stored one, which a reply of theirs may
    // have moved since the form opened (Awaiting Submitter Feedback → In Progress).
    mutationFn: (values: Record<string, unknown>) => {
      const { Status, ...fields } = values;
      return saveCase(stored, handler && stored ? { ...fields, Status } : fields);
    },
    meta: form.errorMeta,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: supportKey });
      notifySuccess(stored ? m.updated : m.submitted);
      onSaved();
    },
    onError: form.setServerErrors,
  });
  const option = (path: 'Type' | 'Priority' | 'Reason', data: readonly string[]) => (
    <Select label={l[path]} data={[...data]} clearable {...form.select(path)} />
  );

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <TextInput label={l.Subject} required {...form.text('Subject')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label={l.Category__c} required data={[...caseCategories]} {...form.select('Category__c')} />
          {stored ? (
            <Select
              label={l.Status}
              data={[...caseStatuses]}
              disabled={!handler}
              description={handler ? undefined : m.statusByHandlers}
              inputWrapperOrder={BELOW}
              allowDeselect={false}
              {...form.select('Status')}
            />
          ) : (
            <TextInput
              label={l.Status}
              value={NEW_CASE_STATUS}
              disabled
              description={m.statusByHandlers}
              inputWrapperOrder={BELOW}
              readOnly
            />
          )}
          {option('Type', caseTypes)}
          {option('Priority', casePriorities)}
          {option('Reason', caseReasons)}
        </SimpleGrid>
        <Textarea label={l.Description} rows={4} {...form.text('Description')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {messages.lists.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {stored ? messages.supportScreen.save : messages.supportScreen.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
