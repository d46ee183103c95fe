import { SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  type Employee,
  type EmployeeBody,
  employeeBody,
  messages,
  staffDirectoryScreenMessages as ui,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormActions } from '../../components/form-actions';
import { StateSelect } from '../../components/state-select';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { employeesKey, updateEmployee } from './staff-directory-api';

export type MemberFormMode = 'view' | 'edit';

const valuesOf = (e: Employee) => ({
  PreferredName__c: e.PreferredName__c,
  Title__c: e.Title__c,
  Bio__c: e.Bio__c,
  WorkPhone__c: e.WorkPhone__c,
  Mobile_Phone__c: e.Mobile_Phone__c,
  WorkAddressLine1__c: e.WorkAddressLine1__c,
  WorkAddressLine2__c: e.WorkAddressLine2__c,
  WorkCity__c: e.WorkCity__c,
  WorkState__c: e.WorkState__c,
  WorkPostalCode__c: e.WorkPostalCode__c,
  HomeAddressLine1__c: e.HomeAddressLine1__c,
  HomeAddressLine2__c: e.HomeAddressLine2__c,
  HomeCity__c: e.HomeCity__c,
  HomeState__c: e.HomeState__c,
  HomePostalCode__c: e.HomePostalCode__c,
});

interface MemberFormProps {
  mode: MemberFormMode;
  member: Employee;
  onEdit?: () => void;
  onDone: () => void;
}

/**
 * The staff member modal's content: the directory's fields, read-only or for a manager to
 * edit. The name and email are the account's and are shown, never edited, here.
 */
export function MemberForm({ mode, member, onEdit, onDone }: MemberFormProps) {
  const queryClient = useQueryClient();
  const readOnly = mode === 'view';
  const form = useSchemaForm(employeeBody, valuesOf(member));
  const mutation = useMutation({
    mutationFn: (body: EmployeeBody) => updateEmployee(member.Id, body),
    meta: form.errorMeta,
    onSuccess: () => {
      notifySuccess(messages.employees.updated);
      onDone();
    },
    onError: form.setServerErrors,
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeesKey }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={ui.name} readOnly value={member.FullName__c} />
          <TextInput label={ui.email} readOnly value={member.WorkEmail__c} />
          <TextInput label={ui.company} readOnly value={member.FirmId__r.Name ?? ''} />
          <TextInput label={ui.role} readOnly value={member.Role__c ?? ''} />
          <TextInput label={ui.preferredName} readOnly={readOnly} {...form.text('PreferredName__c')} />
          <TextInput label={ui.title} readOnly={readOnly} {...form.text('Title__c')} />
          <TextInput label={ui.workPhone} type="tel" readOnly={readOnly} {...form.text('WorkPhone__c')} />
          <TextInput label={ui.mobilePhone} type="tel" readOnly={readOnly} {...form.text('Mobile_Phone__c')} />
        </SimpleGrid>
        <Textarea label={ui.bio} rows={4} readOnly={readOnly} {...form.text('Bio__c')} />

        <Title order={2} size="h4">
          {ui.workAddress}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={ui.workAddressLine1} readOnly={readOnly} {...form.text('WorkAddressLine1__c')} />
          <TextInput label={ui.workAddressLine2} readOnly={readOnly} {...form.text('WorkAddressLine2__c')} />
          <TextInput label={ui.workCity} readOnly={readOnly} {...form.text('WorkCity__c')} />
          <StateSelect label={ui.workState} readOnly={readOnly} {...form.select('WorkState__c')} />
          <TextInput label={ui.workZipPostalCode} readOnly={readOnly} {...form.text('WorkPostalCode__c')} />
        </SimpleGrid>

        <Title order={2} size="h4">
          {ui.homeAddress}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={ui.homeAddressLine1} readOnly={readOnly} {...form.text('HomeAddressLine1__c')} />
          <TextInput label={ui.homeAddressLine2} readOnly={readOnly} {...form.text('HomeAddressLine2__c')} />
          <TextInput label={ui.homeCity} readOnly={readOnly} {...form.text('HomeCity__c')} />
          <StateSelect label={ui.homeState} readOnly={readOnly} {...form.select('HomeState__c')} />
          <TextInput label={ui.homeZipPostalCode} readOnly={readOnly} {...form.text('HomePostalCode__c')} />
        </SimpleGrid>

        <FormActions readOnly={readOnly} saving={mutation.isPending} onDone={onDone} onEdit={onEdit} />
      </Stack>
    </form>
  );
}
