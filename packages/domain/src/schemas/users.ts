import { z } from 'zod';
import { messages } from '../messages.js';
import { type Actor, canSetUserField, type UserFormField } from '../rules/permissions.js';
import { userOrderings, userStatuses } from '../rules/user-list.js';
import { email, MAX_ID, optionalText, pageQuery, queryInt, recordId } from './common.js';
import { defineFields, pickFields, readSchema, textField, writeSchema } from './field-table.js';

export const salutations = ['Miss', 'Mr.', 'Mrs.', 'Ms.'] as const;

const nullableText = z.string().nullable();
const flag = z.boolean().optional();
const dbId = z.number().int().positive().max(MAX_ID);
/** A field of the user form that only some roles set: the rule is the permissions module's. */
const guarded = (field: UserFormField) => (actor: Actor) => canSetUserField(actor, field);
const profileText = (column: string, max = 255) => ({ column, group: 'profile' as const, ...textField(max) });
const profileFlag = (column: string) => {
  const wire = column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return {
    column,
    group: 'profile' as const,
    read: z.boolean(),
    write: flag,
    set: guarded(`profile.${wire}` as UserFormField),
  };
};

/**
 * A user and their profile, described once. The wire nests the profile under `profile`;
 * the server keeps it in its own table. Everything below (response, bodies, ordering) derives from it.
 */
export const userFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  email: { column: 'email', read: z.string(), write: email, set: 'editor', sort: true },
  first_name: { column: 'firstName', ...textField(150), sort: true },
  middle_name: { column: 'middleName', ...textField(150) },
  last_name: {
    column: 'lastName',
    read: nullableText,
    write: z.string().trim().min(1, messages.users.lastNameRequired).max(150),
    set: 'editor',
    sort: true,
  },
  suffix: { column: 'suffix', ...textField(20) },
  salutation: {
    column: 'salutation',
    read: nullableText,
    write: z.enum(salutations, { error: messages.validation.salutation }).or(z.literal('')).optional().nullable(),
    set: 'editor',
  },
  is_active: { column: 'isActive', read: z.boolean(), write: flag, set: guarded('is_active'), sort: true },
  last_login: { column: 'lastLogin', read: nullableText, set: 'server', sort: true },
  /**
   * Derived, never stored: the account was never activated (no password, not deactivated) and an
   * unused, unexpired activation link is out. The server computes it; a body's echo of it is ignored.
   */
  invitation_pending: { column: 'invitationPending', read: z.boolean(), set: 'server' },
  /**
   * Derived: the new address of a change waiting for its owner to open the link mailed there. Sign-in,
   * mail and single sign-on use `email` until then.
   */
  pending_email: { column: 'pendingEmail', read: z.string().nullable(), set: 'server' },
  is_admin: { column: 'isAdmin', read: z.boolean(), write: flag, set: guarded('is_admin') },
  advisor: {
    column: 'advisorId',
    read: z.number().int().nullable(),
    write: dbId.nullable().optional(),
    set: guarded('advisor'),
  },
  created_by: { column: 'createdById', read: z.number().int().nullable(), set: 'server' },
  password_hash: { column: 'passwordHash', read: nullableText, set: 'server', secret: true },
  _firm: {
    column: 'firmId',
    group: 'profile',
    read: z.number().int().nullable(),
    write: dbId.nullable().optional(),
    set: guarded('profile._firm'),
  },
  profile_type: {
    column: 'profileType',
    group: 'profile',
    read: z.number().int().nullable(),
    write: z.number().int().min(1).max(5, messages.users.profileTypeRequired).nullable().optional(),
    set: guarded('profile.profile_type'),
    sort: true,
  },
  is_cco: profileFlag('isCco'),
  is_super_cco: profileFlag('isSuperCco'),
  is_super_admin: profileFlag('isSuperAdmin'),
  is_manager: profileFlag('isManager'),
  is_investments_user: profileFlag('isInvestmentsUser'),
  is_support_handler: profileFlag('isSupportHandler'),
  is_exhibit_b_investor_profile_form_user: profileFlag('isExhibitBInvestorProfileFormUser'),
  is_using_fidelity: profileFlag('isUsingFidelity'),
  is_using_national_advisors_trust: profileFlag('isUsingNationalAdvisorsTrust'),
  is_using_schwab: profileFlag('isUsingSchwab'),
  is_using_td_ameritrade: profileFlag('isUsingTdAmeritrade'),
  title: profileText('title'),
  company: profileText('company'),
  department: profileText('department'),
  phone: profileText('phone', 40),
  phone_extension: profileText('phoneExtension', 20),
  mobile_phone: profileText('mobilePhone', 40),
  fax: profileText('fax', 40),
  address_line_1: profileText('addressLine1'),
  address_line_2: profileText('addressLine2'),
  city: profileText('city'),
  state: profileText('state'),
  zip: profileText('zip', 20),
  country: profileText('country'),
});

export const userSchema = readSchema(userFields);
export type User = z.infer<typeof userSchema>;
export const profileSchema = userSchema.shape.profile;
export type Profile = User['profile'];

/** The fields a person may change about themself on the Settings profile tab. */
export const personalUserFields = ['salutation', 'first_name', 'middle_name', 'last_name', 'suffix'] as const;
export const personalProfileFields = [
  'title',
  'company',
  'department',
  'phone',
  'phone_extension',
  'mobile_phone',
  'fax',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'zip',
  'country',
] as const;
export const personalFields: ReadonlySet<string> = new Set([...personalUserFields, ...personalProfileFields]);

/** The user form's body (POST and PUT /api/users/): the table's write types. */
export const userWriteBody = writeSchema(userFields);
export type UserWriteBody = z.infer<typeof userWriteBody>;

/**
 * Settings → Profile sends the whole user back: its personal fields are validated (each optional, the
 * last name may be emptied there), anything else is judged by the server against what is stored.
 */
export const updatePersonalInfoBody = writeSchema(userFields, {
  only: personalFields,
  partial: true,
  override: { last_name: optionalText(150) },
});
export type UpdatePersonalInfoBody = z.infer<typeof updatePersonalInfoBody>;

/** Sign-in's answer, here beside the user so the sign-in form's schemas stay small. */
export const loginResponse = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

/** Settings → Email's answer: sign-in's shape, and what happens next (a link was mailed to the new address). */
export const changeEmailResponse = loginResponse.extend({ detail: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponse>;

export const createUserQuery = z.object({
  notifyUser: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const sendActivationBody = z.object({
  userId: dbId.optional(),
  generateNewPassword: z.boolean().default(false),
});

export const userListQuery = pageQuery.extend({
  listView: z.enum(['ALL_USERS', 'FIRM_USERS', 'ADVISOR_CLIENTS']).default('ALL_USERS'),
  firm: recordId.optional(),
  profileTypeTk: queryInt(1, 5).optional(),
  user: recordId.optional(),
  search: z.string().trim().max(200).optional(),
  status: z.enum(userStatuses).default('all'),
  ordering: z.enum(userOrderings).default('last_name'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/**
 * A row of the users screen (GET /api/users/filter/, firm_users/, firm_advisor_clients/): the columns of the
 * screen (User, Email, Profile, Active with the Invited badge, Last Login) and what the row actions'
 * rules read of the target (`UserTarget`: id, advisor, firm, super flags). The Edit form loads the whole
 * user; the row stays small because the database builds each row's JSON for every page.
 */
export const USER_LIST_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'is_active',
  'last_login',
  'invitation_pending',
  'advisor',
  '_firm',
  'profile_type',
  'is_super_admin',
  'is_super_cco',
] as const satisfies readonly (keyof typeof userFields)[];
export const userListFields = pickFields(userFields, USER_LIST_FIELDS);
export const userListItem = readSchema(userListFields).extend({
  /** The Profile column's text. */
  profile_type_name: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItem>;

/**
 * The whole user with their firm's and profile type's names: GET /api/users/ (the collection an API
 * client reads) and the advisor lists of a firm.
 */
export const userWithFirm = userSchema.extend({
  firm_name: z.string().nullable(),
  profile_type_name: z.string().nullable(),
});
export type UserWithFirm = z.infer<typeof userWithFirm>;

export const firmParam = z.object({ firm: recordId });
