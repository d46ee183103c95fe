import { Button, Center, Checkbox, Fieldset, Group, Loader, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type Actor,
  custodianLinks,
  messages,
  personalProfileFields,
  personalUserFields,
  salutations,
  US_STATES,
  type User,
  type UserFormField,
  userFieldsFor,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { firmOptionsQuery } from '../../lib/firms';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  createUser,
  firmAdvisorsQuery,
  profileTypesQuery,
  sendActivationLink,
  updateUser,
  usersKey,
} from './users-api';

const NAME_FIELDS = [...personalUserFields, 'email'] as const;
const CONTACT_FIELDS = personalProfileFields;

type FlagName =
  | 'is_active'
  | 'is_admin'
  | 'is_cco'
  | 'is_super_admin'
  | 'is_super_cco'
  | 'is_manager'
  | 'is_investments_user'
  | 'is_exhibit_b_investor_profile_form_user'
  | 'is_using_fidelity'
  | 'is_using_national_advisors_trust'
  | 'is_using_schwab'
  | 'is_using_td_ameritrade';

interface Flag {
  name: FlagName;
  /** The permission that guards it (spec 000 §6), the same the server checks. */
  field: UserFormField;
  label: string;
  on: 'user' | 'profile';
}

// The spec's names for the privilege flags (spec 000 §6).
const ROLE_FLAGS: Flag[] = [
  { name: 'is_admin', field: 'is_admin', label: 'System Administrator', on: 'user' },
  { name: 'is_cco', field: 'profile.is_cco', label: 'CCO', on: 'profile' },
  { name: 'is_super_admin', field: 'profile.is_super_admin', label: 'Super System Administrator', on: 'profile' },
  { name: 'is_super_cco', field: 'profile.is_super_cco', label: 'Super CCO', on: 'profile' },
  { name: 'is_manager', field: 'profile.is_manager', label: 'Manager', on: 'profile' },
  { name: 'is_investments_user', field: 'profile.is_investments_user', label: 'Investments User', on: 'profile' },
  {
    name: 'is_exhibit_b_investor_profile_form_user',
    field: 'profile.is_exhibit_b_investor_profile_form_user',
    label: 'Exhibit B Investor Profile Form User',
    on: 'profile',
  },
];

// Custodian names come from the same configuration as the clients' Account Management links.
const CUSTODIAN_FLAGS: Flag[] = (Object.keys(custodianLinks) as (keyof typeof custodianLinks)[]).map((name) => ({
  name,
  field: `profile.${name}` as UserFormField,
  label: custodianLinks[name].label,
  on: 'profile',
}));

const ACTIVE_FLAG: Flag = { name: 'is_active', field: 'is_active', label: 'Active', on: 'user' };

type TextName = (typeof NAME_FIELDS)[number] | (typeof CONTACT_FIELDS)[number];
type Values = Record<TextName, string> &
  Record<FlagName, boolean> & {
    profile_type: string | null;
    _firm: string | null;
    advisor: string | null;
    notify: boolean;
  };

function valuesOf(user: User | null, defaultFirm: number | null): Values {
  const values = {} as Values;
  for (const key of NAME_FIELDS) values[key] = user?.[key] ?? '';
  for (const key of CONTACT_FIELDS) values[key] = user?.profile[key] ?? '';
  for (const flag of [ACTIVE_FLAG, ...ROLE_FLAGS, ...CUSTODIAN_FLAGS]) {
    const source = flag.on === 'user' ? user : user?.profile;
    values[flag.name] = Boolean((source as Record<string, unknown> | undefined)?.[flag.name]);
  }
  values.profile_type = user?.profile.profile_type ? String(user.profile.profile_type) : null;
  values._firm = user
    ? user.profile._firm
      ? String(user.profile._firm)
      : null
    : defaultFirm
      ? String(defaultFirm)
      : null;
  values.advisor = user?.advisor ? String(user.advisor) : null;
  // Spec 000 §4: on by default for create, off for edit.
  values.notify = user === null;
  return values;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const numberOrNull = (value: string | null) => (value ? Number(value) : null);

/**
 * The request body: names, contact fields and only the guarded fields this person may set, so the
 * server never has to refuse one. An edit sends the loaded user with the changes; the server ignores
 * read-only fields left as they were.
 */
function bodyOf(values: Values, fields: ReadonlySet<UserFormField>, base: User | null): Record<string, unknown> {
  const user: Record<string, unknown> = {};
  const profile: Record<string, unknown> = {};
  for (const key of NAME_FIELDS) user[key] = orNull(values[key]);
  user.email = values.email.trim();
  for (const key of CONTACT_FIELDS) profile[key] = orNull(values[key]);
  for (const flag of [...ROLE_FLAGS, ...CUSTODIAN_FLAGS, ...(base ? [ACTIVE_FLAG] : [])]) {
    if (fields.has(flag.field)) (flag.on === 'user' ? user : profile)[flag.name] = values[flag.name];
  }
  if (fields.has('advisor')) user.advisor = numberOrNull(values.advisor);
  if (fields.has('profile.profile_type')) profile.profile_type = numberOrNull(values.profile_type);
  if (fields.has('profile._firm')) profile._firm = numberOrNull(values._firm);
  if (!base) return { ...user, profile };
  const { firm_name: _firmName, profile_type_name: _typeName, ...stored } = base as User & Record<string, unknown>;
  return { ...stored, ...user, profile: { ...base.profile, ...profile } };
}

// The server names profile fields "profile.x"; the form names them plainly.
const INLINE_FIELDS = [
  ...NAME_FIELDS,
  'is_admin',
  'is_active',
  'advisor',
  ...CONTACT_FIELDS.map((key) => `profile.${key}`),
  ...[...ROLE_FLAGS, ...CUSTODIAN_FLAGS].filter((f) => f.on === 'profile').map((f) => `profile.${f.name}`),
  'profile.profile_type',
  'profile._firm',
];

interface UserFormProps {
  actor: Actor;
  /** The user being edited; null for a new one. */
  user: User | null;
  /** For a super admin's new user: the firm chosen in the list's filter, if any. */
  defaultFirm: number | null;
  onDone: () => void;
}

/** The new/edit user form of spec 000 §2, showing only the fields this person may set (spec 000 §6). */
export function UserForm({ actor, user, defaultFirm, onDone }: UserFormProps) {
  const fields = userFieldsFor(actor);
  const queryClient = useQueryClient();
  const showProfileType = fields.has('profile.profile_type');
  const showFirm = fields.has('profile._firm');
  const showAdvisor = fields.has('advisor');

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(user, defaultFirm),
    validate: {
      last_name: (value) => (value.trim() ? null : 'Enter the last name.'),
      email: (value) => (value.trim() ? null : messages.auth.enterEmail),
      profile_type: (value) => (showProfileType && !value ? 'Select a profile type.' : null),
      _firm: (value) => (showFirm && !value ? 'Select a firm.' : null),
    },
  });

  // The advisors are of the user's firm: the chosen one for a super admin, else the stored or own firm.
  const firmId = showFirm ? numberOrNull(form.values._firm) : (user?.profile._firm ?? actor.profile._firm);
  const advisors = useQuery({ ...firmAdvisorsQuery(firmId), enabled: showAdvisor && firmId !== null });
  const profileTypes = useQuery({ ...profileTypesQuery, enabled: showProfileType });
  const firms = useQuery({ ...firmOptionsQuery, enabled: showFirm });

  const mutation = useMutation({
    mutationFn: async (values: Values) => {
      const body = bodyOf(values, fields, user);
      if (!user) return { saved: await createUser({ body, notifyUser: values.notify }), created: true };
      const saved = await updateUser({ id: user.id, body });
      if (values.notify) await sendActivationLink(user.id);
      return { saved, created: false };
    },
    meta: { inlineFields: INLINE_FIELDS },
    onSuccess: ({ created }) => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      notifySuccess(created ? messages.users.created : messages.users.updated);
      onDone();
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const errors: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.fields)) errors[key.replace(/^profile\./, '')] = message;
      form.setErrors(errors);
      // Spec 000 §8: a 409 (the email is taken) is shown as an error toast.
      if (error.status === 409) notifyError(error.detail);
    },
  });

  // Spec 000 §2: the firm's advisors load before the form is shown.
  if (showAdvisor && firmId !== null && advisors.isPending && !form.isTouched()) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading advisors" />
      </Center>
    );
  }

  const advisorOptions = (advisors.data?.results ?? []).map((advisor) => ({
    value: String(advisor.id),
    label: [advisor.last_name, advisor.first_name].filter(Boolean).join(', ') || advisor.email,
  }));
  // An advisor stored before they left the active list must still show rather than look empty.
  if (form.values.advisor && !advisorOptions.some((o) => o.value === form.values.advisor)) {
    advisorOptions.unshift({ value: form.values.advisor, label: `Advisor #${form.values.advisor}` });
  }
  const stateOptions =
    form.values.state && !(US_STATES as readonly string[]).includes(form.values.state)
      ? [form.values.state, ...US_STATES]
      : [...US_STATES];
  const roleFlags = ROLE_FLAGS.filter((flag) => fields.has(flag.field));
  const custodianFlags = CUSTODIAN_FLAGS.filter((flag) => fields.has(flag.field));
  const showActive = user !== null && fields.has('is_active');

  const text = (name: TextName, label: string, props: Record<string, unknown> = {}) => (
    <TextInput label={label} {...props} {...form.getInputProps(name)} />
  );
  const checkbox = (flag: Flag) => (
    <Checkbox key={flag.name} label={flag.label} {...form.getInputProps(flag.name, { type: 'checkbox' })} />
  );
  const select = (name: 'salutation' | 'state') => ({
    ...form.getInputProps(name),
    value: form.values[name] || null,
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label="Salutation" data={[...salutations]} clearable {...select('salutation')} />
          {text('first_name', 'First name', { autoComplete: 'off' })}
          {text('middle_name', 'Middle name', { autoComplete: 'off' })}
          {text('last_name', 'Last name', { required: true, autoComplete: 'off' })}
          {text('suffix', 'Suffix', { autoComplete: 'off' })}
          {text('email', 'Email', { required: true, type: 'email', autoComplete: 'off' })}
          {showProfileType && (
            <Select
              label="Profile type"
              required
              data={profileTypes.data ?? []}
              {...form.getInputProps('profile_type')}
            />
          )}
          {showFirm && (
            <Select
              label="Firm"
              required
              searchable
              nothingFoundMessage="No matching firm"
              data={firms.data ?? []}
              {...form.getInputProps('_firm')}
              onChange={(value) => {
                form.setFieldValue('_firm', value);
                // An advisor belongs to one firm; another firm's advisor is not a valid choice.
                form.setFieldValue('advisor', null);
              }}
            />
          )}
          {showAdvisor && (
            <Select
              label="Advisor"
              clearable
              searchable
              nothingFoundMessage="No matching advisor"
              disabled={firmId === null}
              data={advisorOptions}
              {...form.getInputProps('advisor')}
            />
          )}
        </SimpleGrid>

        {(roleFlags.length > 0 || showActive) && (
          <Fieldset legend="Roles and access">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {showActive && checkbox(ACTIVE_FLAG)}
              {roleFlags.map(checkbox)}
            </SimpleGrid>
          </Fieldset>
        )}
        {custodianFlags.length > 0 && (
          <Fieldset legend="Custodians">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {custodianFlags.map(checkbox)}
            </SimpleGrid>
          </Fieldset>
        )}

        <Fieldset legend="Contact and address">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('company', 'Company')}
            {text('title', 'Title/Role')}
            {text('department', 'Department')}
            {text('mobile_phone', 'Mobile phone', { type: 'tel', placeholder: '(xxx) xxx-xxxx' })}
            {text('phone', 'Phone', { type: 'tel', placeholder: '(xxx) xxx-xxxx' })}
            {text('phone_extension', 'Extension', { inputMode: 'numeric' })}
            {text('fax', 'Fax', { type: 'tel', placeholder: '(xxx) xxx-xxxx' })}
            {text('address_line_1', 'Address line 1')}
            {text('address_line_2', 'Address line 2')}
            {text('city', 'City')}
            <Select
              label="State/Province"
              data={stateOptions}
              searchable
              clearable
              nothingFoundMessage="No matching state"
              {...select('state')}
            />
            {text('zip', 'Zip/Postal code')}
            {text('country', 'Country')}
          </SimpleGrid>
        </Fieldset>

        <Checkbox
          label="Generate new password and notify user immediately"
          {...form.getInputProps('notify', { type: 'checkbox' })}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
