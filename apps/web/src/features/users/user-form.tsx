import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  type Actor,
  custodianLinks,
  messages,
  personalProfileFields,
  personListName,
  salutations,
  type User,
  type UserFormField,
  type UserWriteBody,
  usersScreenMessages as ui,
  userFieldsFor,
  userWriteBody,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Spinner } from '../../components/spinner';
import { StateSelect } from '../../components/state-select';
import { isApiError } from '../../lib/api';
import { firmOptionsQuery } from '../../lib/firms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { setPath } from '../../lib/schema-form/form-paths';
import { requiredEmail } from '../../lib/schema-form/form-rules';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import {
  cancelEmailChange,
  createUser,
  firmAdvisorsQuery,
  profileTypesQuery,
  sendActivationLink,
  updateUser,
  userQuery,
  usersKey,
} from './users-api';

/** A privilege or custodian flag; its form path is the permission that guards it. */
interface Flag {
  field: UserFormField;
  label: string;
}

// The privilege flags, labelled as administrators know them ('System Administrator', 'Super CCO', …).
const ROLE_FLAGS: Flag[] = [
  { field: 'is_admin', label: ui.systemAdministrator },
  { field: 'profile.is_cco', label: ui.cco },
  { field: 'profile.is_super_admin', label: ui.superSystemAdministrator },
  { field: 'profile.is_super_cco', label: ui.superCco },
  { field: 'profile.is_manager', label: ui.manager },
  { field: 'profile.is_investments_user', label: ui.investmentsUser },
  // How an administrator names the firm's support handlers.
  { field: 'profile.is_support_handler', label: messages.support.handlerFlag },
  { field: 'profile.is_exhibit_b_investor_profile_form_user', label: ui.exhibitBInvestorProfileForm },
];

// Custodian names come from the same configuration as the clients' Account Management links.
const CUSTODIAN_FLAGS: Flag[] = (Object.keys(custodianLinks) as (keyof typeof custodianLinks)[]).map((name) => ({
  field: `profile.${name}` as UserFormField,
  label: custodianLinks[name].label,
}));

const ACTIVE_FLAG: Flag = { field: 'is_active', label: ui.active };

const GUARDED: UserFormField[] = [
  ...[ACTIVE_FLAG, ...ROLE_FLAGS, ...CUSTODIAN_FLAGS].map((flag) => flag.field),
  'advisor',
  'profile._firm',
  'profile.profile_type',
];

const profileWriteBody = userWriteBody.shape.profile.unwrap();

/** The wire schema, with the choices this person makes required and the email asked for first. */
function schemaFor(fields: ReadonlySet<UserFormField>) {
  const { profile_type, _firm } = profileWriteBody.shape;
  return userWriteBody.extend({
    email: requiredEmail,
    profile: profileWriteBody.extend({
      profile_type: fields.has('profile.profile_type')
        ? z.number({ error: messages.users.profileTypeRequired }).int()
        : profile_type,
      _firm: fields.has('profile._firm') ? z.number({ error: messages.users.firmRequired }).int().positive() : _firm,
    }),
  });
}

/** The form starts as the wire body: the stored user to edit, or a blank one in the list's firm. */
function valuesOf(user: User | null, defaultFirm: number | null) {
  if (user) return user;
  let blank = {
    email: null,
    salutation: null,
    first_name: null,
    middle_name: null,
    last_name: null,
    suffix: null,
    advisor: null,
    profile: {
      _firm: defaultFirm,
      profile_type: null,
      ...Object.fromEntries(personalProfileFields.map((k) => [k, null])),
    },
  };
  for (const flag of [ACTIVE_FLAG, ...ROLE_FLAGS, ...CUSTODIAN_FLAGS]) blank = setPath(blank, flag.field, false);
  return blank;
}

/**
 * A new user carries only the guarded fields this person may set, so the server never has to refuse
 * one (and `is_active` is the server's call). An edit sends the loaded user with the changes; the
 * server ignores read-only fields left as they were. A left-out field is undefined, which JSON drops.
 */
function bodyOf(values: UserWriteBody, fields: ReadonlySet<UserFormField>, creating: boolean): UserWriteBody {
  if (!creating) return values;
  const dropped = GUARDED.filter((field) => field === 'is_active' || !fields.has(field));
  return dropped.reduce((body, field) => setPath(body, field, undefined), values);
}

interface UserFormProps {
  actor: Actor;
  /** The user being edited, as stored; null for a new one. */
  user: User | null;
  /** For a super admin's new user: the firm chosen in the list's filter, if any. */
  defaultFirm: number | null;
  onDone: () => void;
}

/**
 * The form of an existing user: the whole record is loaded first, since a row of the list carries only
 * what the list shows. Until it arrives a loader stands in; if it cannot be loaded, the form says so.
 */
export function EditUserForm({ userId, ...props }: Omit<UserFormProps, 'user' | 'defaultFirm'> & { userId: number }) {
  // The failure is told here, in the modal, rather than also in a toast.
  const user = useQuery({ ...userQuery(userId), meta: { silent: true } });
  if (user.isPending) {
    return (
      <Center py="xl">
        <Spinner label={messages.users.loading} />
      </Center>
    );
  }
  if (user.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messages.users.loadFailed} {isApiError(user.error) ? user.error.detail : null}
      </Alert>
    );
  }
  return <UserForm {...props} user={user.data} defaultFirm={null} />;
}

/** The new/edit user form, showing only the fields this person may set. */
export function UserForm({ actor, user, defaultFirm, onDone }: UserFormProps) {
  const fields = useMemo(() => userFieldsFor(actor), [actor]);
  const queryClient = useQueryClient();
  const showProfileType = fields.has('profile.profile_type');
  const showFirm = fields.has('profile._firm');
  const showAdvisor = fields.has('advisor');

  const schema = useMemo(() => schemaFor(fields), [fields]);
  const form = useSchemaForm(schema, valuesOf(user, defaultFirm));
  // On by default for create, off for edit. Not part of the body: it is a query parameter.
  const [notify, setNotify] = useState(user === null);

  // The advisors are of the user's firm: the chosen one for a super admin, else the stored or own firm.
  const firmId = showFirm ? (form.values.profile._firm ?? null) : (user?.profile._firm ?? actor.profile._firm);
  const advisors = useQuery({ ...firmAdvisorsQuery(firmId), enabled: showAdvisor && firmId !== null });
  const profileTypes = useQuery({ ...profileTypesQuery, enabled: showProfileType });
  const firms = useQuery({ ...firmOptionsQuery, enabled: showFirm });

  const mutation = useMutation({
    mutationFn: async ({ body, notifyUser }: { body: UserWriteBody; notifyUser: boolean }) => {
      if (!user) return { saved: await createUser({ body, notifyUser }), created: true };
      const saved = await updateUser({ id: user.id, body });
      // An account in use keeps its address until its owner confirms the new one.
      const emailPending = saved.pending_email !== null && saved.pending_email !== user.pending_email;
      // The server says which link it sent: activation for a never-activated account, else a reset link.
      const link = notifyUser ? await sendActivationLink(user.id) : undefined;
      return { saved, created: false, emailPending, linkSent: link?.detail };
    },
    meta: form.errorMeta,
    onSuccess: ({ saved, created, emailPending, linkSent }) => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      notifySuccess(created ? messages.users.created : messages.users.updated);
      if (emailPending && saved.pending_email) notifySuccess(messages.users.emailChangeRequested(saved.pending_email));
      if (linkSent) notifySuccess(linkSent);
      onDone();
    },
    onError: (error) => {
      form.setServerErrors(error);
      // A 409 (the email is taken) is shown as an error toast, besides the field.
      if (isApiError(error) && error.status === 409) notifyError(error.detail);
    },
  });

  const cancelChange = useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (updated) => {
      queryClient.setQueryData(userQuery(updated.id).queryKey, updated);
      notifySuccess(messages.users.emailChangeCancelled);
    },
  });

  // The firm's advisors load before the form is shown.
  if (showAdvisor && firmId !== null && advisors.isPending && !form.isTouched()) {
    return (
      <Center py="xl">
        <Spinner label={messages.users.loadingAdvisors} />
      </Center>
    );
  }

  const advisorOptions = (advisors.data?.results ?? []).map((advisor) => ({
    value: String(advisor.id),
    label: personListName(advisor),
  }));
  // An advisor stored before they left the active list must still show rather than look empty.
  const storedAdvisor = form.values.advisor;
  if (typeof storedAdvisor === 'number' && !advisorOptions.some((o) => o.value === String(storedAdvisor))) {
    advisorOptions.unshift({ value: String(storedAdvisor), label: messages.users.unlistedAdvisor(storedAdvisor) });
  }
  const roleFlags = ROLE_FLAGS.filter((flag) => fields.has(flag.field));
  const custodianFlags = CUSTODIAN_FLAGS.filter((flag) => fields.has(flag.field));
  const showActive = user !== null && fields.has('is_active');

  const firmSelect = form.select('profile._firm');
  const checkbox = (flag: Flag) => <Checkbox key={flag.field} label={flag.label} {...form.checkbox(flag.field)} />;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        mutation.mutate({ body: bodyOf(values, fields, user === null), notifyUser: notify }),
      )}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label={ui.salutation} data={[...salutations]} clearable {...form.select('salutation')} />
          <TextInput label={ui.firstName} autoComplete="off" {...form.text('first_name')} />
          <TextInput label={ui.middleName} autoComplete="off" {...form.text('middle_name')} />
          <TextInput label={ui.lastName} required autoComplete="off" {...form.text('last_name')} />
          <TextInput label={ui.suffix} autoComplete="off" {...form.text('suffix')} />
          <TextInput
            label={ui.email}
            required
            type="email"
            autoComplete="off"
            description={
              user?.pending_email ? (
                <>
                  {messages.users.emailChangePending(user.pending_email)}{' '}
                  <Anchor component="button" type="button" size="xs" onClick={() => cancelChange.mutate(user.id)}>
                    {messages.users.cancelEmailChange}
                  </Anchor>
                </>
              ) : undefined
            }
            {...form.text('email')}
          />
          {showProfileType && (
            <Select
              label={ui.profileType}
              required
              data={profileTypes.data ?? []}
              {...form.select('profile.profile_type')}
            />
          )}
          {showFirm && (
            <Select
              label={ui.firm}
              required
              searchable
              nothingFoundMessage={messages.firms.noMatchingFirm}
              data={firms.data ?? []}
              {...firmSelect}
              onChange={(value) => {
                firmSelect.onChange(value);
                // An advisor belongs to one firm; another firm's advisor is not a valid choice.
                form.setFieldValue('advisor', null);
              }}
            />
          )}
          {showAdvisor && (
            <Select
              label={ui.advisor}
              clearable
              searchable
              nothingFoundMessage={messages.users.noMatchingAdvisor}
              disabled={firmId === null}
              data={advisorOptions}
              {...form.select('advisor')}
            />
          )}
        </SimpleGrid>

        {(roleFlags.length > 0 || showActive) && (
          <Fieldset legend={ui.rolesAndAccess}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {showActive && checkbox(ACTIVE_FLAG)}
              {roleFlags.map(checkbox)}
            </SimpleGrid>
          </Fieldset>
        )}
        {custodianFlags.length > 0 && (
          <Fieldset legend={ui.custodians}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {custodianFlags.map(checkbox)}
            </SimpleGrid>
          </Fieldset>
        )}

        <Fieldset legend={ui.contactAndAddress}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={ui.company} {...form.text('profile.company')} />
            <TextInput label={ui.titleRole} {...form.text('profile.title')} />
            <TextInput label={ui.department} {...form.text('profile.department')} />
            <TextInput
              label={ui.mobilePhone}
              type="tel"
              placeholder={ui.phonePlaceholder}
              {...form.text('profile.mobile_phone')}
            />
            <TextInput label={ui.phone} type="tel" placeholder={ui.phonePlaceholder} {...form.text('profile.phone')} />
            <TextInput label={ui.extension} inputMode="numeric" {...form.text('profile.phone_extension')} />
            <TextInput label={ui.fax} type="tel" placeholder={ui.phonePlaceholder} {...form.text('profile.fax')} />
            <TextInput label={ui.addressLine1} {...form.text('profile.address_line_1')} />
            <TextInput label={ui.addressLine2} {...form.text('profile.address_line_2')} />
            <TextInput label={ui.city} {...form.text('profile.city')} />
            <StateSelect label={ui.stateProvince} {...form.select('profile.state')} />
            <TextInput label={ui.zipPostalCode} {...form.text('profile.zip')} />
            <TextInput label={ui.country} {...form.text('profile.country')} />
          </SimpleGrid>
        </Fieldset>

        <Checkbox
          label={ui.generateNewPasswordAndNotify}
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {ui.cancel}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {ui.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
