import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { messages, salutations, type UpdatePersonalInfoBody, type User, updatePersonalInfoBody } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StateSelect } from '../../components/state-select';
import { currentUserKey, useCurrentUser } from '../../lib/current-user';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { usePageTitle } from '../../lib/use-page-title';
import { updatePersonalInfo } from './settings-api';

type PhonePath = 'profile.mobile_phone' | 'profile.phone' | 'profile.fax';

export function ProfileTab() {
  usePageTitle('Settings: Profile');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // The spec's client sends the whole user back; the server ignores the read-only fields left unchanged.
  const form = useSchemaForm(updatePersonalInfoBody, user);

  const mutation = useMutation({
    mutationFn: (body: UpdatePersonalInfoBody) => updatePersonalInfo({ ...user, ...body } as User),
    meta: form.errorMeta,
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserKey, updated);
      form.setInitialValues(updated);
      form.setValues(updated);
      notifySuccess(messages.settings.personalInfoUpdated);
    },
    onError: form.setServerErrors,
  });

  const phone = (path: PhonePath, label: string) => (
    <TextInput label={label} type="tel" autoComplete="tel" placeholder="(xxx) xxx-xxxx" {...form.text(path)} />
  );

  return (
    <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Personal info
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select label="Salutation" data={[...salutations]} clearable allowDeselect {...form.select('salutation')} />
          <TextInput label="First name" autoComplete="given-name" {...form.text('first_name')} />
          <TextInput label="Middle name" autoComplete="additional-name" {...form.text('middle_name')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.text('last_name')} />
          <TextInput label="Suffix" autoComplete="honorific-suffix" {...form.text('suffix')} />
          <TextInput label="Company" autoComplete="organization" {...form.text('profile.company')} />
          <TextInput label="Title/Role" autoComplete="organization-title" {...form.text('profile.title')} />
          <TextInput label="Department" {...form.text('profile.department')} />
          <TextInput
            label="Email"
            value={user.email}
            disabled
            readOnly
            // Mantine fades disabled text below readable contrast; this value is information, not a control.
            styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
          />
          {phone('profile.mobile_phone', 'Mobile phone')}
          {phone('profile.phone', 'Phone')}
          <TextInput label="Extension" inputMode="numeric" {...form.text('profile.phone_extension')} />
          {phone('profile.fax', 'Fax')}
          <TextInput label="Address line 1" autoComplete="address-line1" {...form.text('profile.address_line_1')} />
          <TextInput label="Address line 2" autoComplete="address-line2" {...form.text('profile.address_line_2')} />
          <TextInput label="City" autoComplete="address-level2" {...form.text('profile.city')} />
          <StateSelect label="State/Province" {...form.select('profile.state')} />
          <TextInput label="Zip/Postal code" autoComplete="postal-code" {...form.text('profile.zip')} />
          <TextInput label="Country" autoComplete="country-name" {...form.text('profile.country')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Update personal info
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
