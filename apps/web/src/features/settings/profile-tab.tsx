import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  messages,
  salutations,
  type UpdatePersonalInfoBody,
  type User,
  settingsScreenMessages as ui,
  updatePersonalInfoBody,
} from '@portal/domain';
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
  // The save sends the whole user back; the server ignores the read-only fields left unchanged.
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
    <TextInput label={label} type="tel" autoComplete="tel" placeholder={ui.phonePlaceholder} {...form.text(path)} />
  );

  return (
    <form noValidate onSubmit={form.onSubmit((body) => mutation.mutate(body))}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {ui.personalInfo}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={ui.salutation}
            data={[...salutations]}
            clearable
            allowDeselect
            {...form.select('salutation')}
          />
          <TextInput label={ui.firstName} autoComplete="given-name" {...form.text('first_name')} />
          <TextInput label={ui.middleName} autoComplete="additional-name" {...form.text('middle_name')} />
          <TextInput label={ui.lastName} autoComplete="family-name" {...form.text('last_name')} />
          <TextInput label={ui.suffix} autoComplete="honorific-suffix" {...form.text('suffix')} />
          <TextInput label={ui.company} autoComplete="organization" {...form.text('profile.company')} />
          <TextInput label={ui.titleRole} autoComplete="organization-title" {...form.text('profile.title')} />
          <TextInput label={ui.department} {...form.text('profile.department')} />
          <TextInput
            label={ui.email}
            value={user.email}
            disabled
            readOnly
            // Mantine fades disabled text below readable contrast; this value is information, not a control.
            styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
          />
          {phone('profile.mobile_phone', 'Mobile phone')}
          {phone('profile.phone', 'Phone')}
          <TextInput label={ui.extension} inputMode="numeric" {...form.text('profile.phone_extension')} />
          {phone('profile.fax', 'Fax')}
          <TextInput label={ui.addressLine1} autoComplete="address-line1" {...form.text('profile.address_line_1')} />
          <TextInput label={ui.addressLine2} autoComplete="address-line2" {...form.text('profile.address_line_2')} />
          <TextInput label={ui.city} autoComplete="address-level2" {...form.text('profile.city')} />
          <StateSelect label={ui.stateProvince} {...form.select('profile.state')} />
          <TextInput label={ui.zipPostalCode} autoComplete="postal-code" {...form.text('profile.zip')} />
          <TextInput label={ui.country} autoComplete="country-name" {...form.text('profile.country')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {ui.updatePersonalInfo}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
