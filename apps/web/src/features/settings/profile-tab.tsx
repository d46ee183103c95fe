import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  messages,
  type Profile,
  personalProfileFields,
  personalUserFields,
  salutations,
  US_STATES,
  type User,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { currentUserKey, useCurrentUser } from '../../lib/current-user';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { updatePersonalInfo } from './settings-api';

// The personal fields are the domain's list, the same the server accepts on this call.
const USER_FIELDS = personalUserFields;
const PROFILE_FIELDS = personalProfileFields;

type UserField = (typeof USER_FIELDS)[number];
type ProfileField = (typeof PROFILE_FIELDS)[number];
type Values = Record<UserField | ProfileField, string>;

function valuesOf(user: User): Values {
  const values = {} as Values;
  for (const key of USER_FIELDS) values[key] = user[key] ?? '';
  for (const key of PROFILE_FIELDS) values[key] = user.profile[key] ?? '';
  return values;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The spec's client sends the whole user back; the server ignores the read-only fields left unchanged. */
function withChanges(user: User, values: Values): User {
  const profile: Profile = { ...user.profile };
  for (const key of PROFILE_FIELDS) profile[key] = orNull(values[key]);
  const next: User = { ...user, profile };
  for (const key of USER_FIELDS) next[key] = orNull(values[key]);
  return next;
}

const INLINE_FIELDS = [...USER_FIELDS, ...PROFILE_FIELDS.map((key) => `profile.${key}`)];

export function ProfileTab() {
  usePageTitle('Settings: Profile');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(user) });

  const mutation = useMutation({
    mutationFn: updatePersonalInfo,
    meta: { inlineFields: INLINE_FIELDS },
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserKey, updated);
      form.setInitialValues(valuesOf(updated));
      form.setValues(valuesOf(updated));
      notifySuccess(messages.settings.personalInfoUpdated);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      // Profile fields come back as "profile.phone"; the form names them plainly.
      const errors: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.fields)) errors[key.replace(/^profile\./, '')] = message;
      form.setErrors(errors);
    },
  });

  // A value stored before the list existed (say "TX") must still show rather than look empty.
  const stateOptions =
    user.profile.state && !(US_STATES as readonly string[]).includes(user.profile.state)
      ? [user.profile.state, ...US_STATES]
      : [...US_STATES];

  const phone = (name: 'mobile_phone' | 'phone' | 'fax', label: string) => (
    <TextInput label={label} type="tel" autoComplete="tel" placeholder="(xxx) xxx-xxxx" {...form.getInputProps(name)} />
  );

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(withChanges(user, values)))}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Personal info
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Salutation"
            data={[...salutations]}
            clearable
            allowDeselect
            {...form.getInputProps('salutation')}
            value={form.values.salutation || null}
            onChange={(value) => form.setFieldValue('salutation', value ?? '')}
          />
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label="Middle name" autoComplete="additional-name" {...form.getInputProps('middle_name')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
          <TextInput label="Suffix" autoComplete="honorific-suffix" {...form.getInputProps('suffix')} />
          <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
          <TextInput label="Title/Role" autoComplete="organization-title" {...form.getInputProps('title')} />
          <TextInput label="Department" {...form.getInputProps('department')} />
          <TextInput
            label="Email"
            value={user.email}
            disabled
            readOnly
            // Mantine fades disabled text below readable contrast; this value is information, not a control.
            styles={{ input: { opacity: 1, color: 'var(--mantine-color-gray-8)' } }}
          />
          {phone('mobile_phone', 'Mobile phone')}
          {phone('phone', 'Phone')}
          <TextInput label="Extension" inputMode="numeric" {...form.getInputProps('phone_extension')} />
          {phone('fax', 'Fax')}
          <TextInput label="Address line 1" autoComplete="address-line1" {...form.getInputProps('address_line_1')} />
          <TextInput label="Address line 2" autoComplete="address-line2" {...form.getInputProps('address_line_2')} />
          <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
          <Select
            label="State/Province"
            data={stateOptions}
            searchable
            clearable
            nothingFoundMessage="No matching state"
            {...form.getInputProps('state')}
            value={form.values.state || null}
            onChange={(value) => form.setFieldValue('state', value ?? '')}
          />
          <TextInput label="Zip/Postal code" autoComplete="postal-code" {...form.getInputProps('zip')} />
          <TextInput label="Country" autoComplete="country-name" {...form.getInputProps('country')} />
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
