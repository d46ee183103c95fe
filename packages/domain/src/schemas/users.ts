import { z } from 'zod';
import { messages } from '../messages.js';
import { email, optionalText, pageQuery } from './common.js';

export const salutations = ['Miss', 'Mr.', 'Mrs.', 'Ms.'] as const;

export const profileSchema = z.object({
  _firm: z.number().int().nullable(),
  profile_type: z.number().int().nullable(),
  is_cco: z.boolean(),
  is_super_cco: z.boolean(),
  is_super_admin: z.boolean(),
  is_manager: z.boolean(),
  is_investments_user: z.boolean(),
  is_exhibit_b_investor_profile_form_user: z.boolean(),
  is_using_fidelity: z.boolean(),
  is_using_national_advisors_trust: z.boolean(),
  is_using_schwab: z.boolean(),
  is_using_td_ameritrade: z.boolean(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  department: z.string().nullable(),
  phone: z.string().nullable(),
  phone_extension: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  fax: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  suffix: z.string().nullable(),
  salutation: z.string().nullable(),
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  is_admin: z.boolean(),
  advisor: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

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

const personalProfileInput = z.object({
  title: optionalText(),
  company: optionalText(),
  department: optionalText(),
  phone: optionalText(40),
  phone_extension: optionalText(20),
  mobile_phone: optionalText(40),
  fax: optionalText(40),
  address_line_1: optionalText(),
  address_line_2: optionalText(),
  city: optionalText(),
  state: optionalText(),
  zip: optionalText(20),
  country: optionalText(),
});

/**
 * The spec's client sends the whole user back. Personal fields are validated strictly; anything else
 * is accepted loosely here and compared with the stored value by the service (unchanged: ignored,
 * changed: 403), so a read-only field echoed back never fails the request.
 */
export const updatePersonalInfoBody = z.looseObject({
  salutation: z.enum(salutations, { error: 'Select Miss, Mr., Mrs. or Ms.' }).or(z.literal('')).optional().nullable(),
  first_name: optionalText(150),
  middle_name: optionalText(150),
  last_name: optionalText(150),
  suffix: optionalText(20),
  profile: personalProfileInput.loose().optional(),
});
export type UpdatePersonalInfoBody = z.infer<typeof updatePersonalInfoBody>;

const flag = z.boolean().optional();

/** Profile fields of the user form (spec 000 §2, §3); which of them a caller may set is a permission rule. */
export const profileWriteBody = personalProfileInput
  .extend({
    _firm: z.number().int().positive().nullable().optional(),
    profile_type: z.number().int().min(1).max(5, messages.users.selectProfileType).nullable().optional(),
    is_cco: flag,
    is_super_cco: flag,
    is_super_admin: flag,
    is_manager: flag,
    is_investments_user: flag,
    is_exhibit_b_investor_profile_form_user: flag,
    is_using_fidelity: flag,
    is_using_national_advisors_trust: flag,
    is_using_schwab: flag,
    is_using_td_ameritrade: flag,
  })
  .loose();

export const userWriteBody = z.looseObject({
  email,
  first_name: optionalText(150),
  middle_name: optionalText(150),
  last_name: z.string().trim().min(1, messages.users.enterLastName).max(150),
  suffix: optionalText(20),
  salutation: z.enum(salutations).or(z.literal('')).optional().nullable(),
  is_admin: flag,
  is_active: flag,
  advisor: z.number().int().positive().nullable().optional(),
  profile: profileWriteBody.optional(),
});
export type UserWriteBody = z.infer<typeof userWriteBody>;

export const createUserQuery = z.object({
  notifyUser: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const sendActivationBody = z.object({
  userId: z.number().int().positive().optional(),
  generateNewPassword: z.boolean().default(false),
});

export const userStatuses = ['all', 'active', 'inactive'] as const;
export const userOrderings = [
  'last_name',
  '-last_name',
  'first_name',
  '-first_name',
  'email',
  '-email',
  'last_login',
  '-last_login',
  'profile_type',
  '-profile_type',
  'is_active',
  '-is_active',
] as const;

export const userListQuery = pageQuery.extend({
  listView: z.enum(['ALL_USERS', 'FIRM_USERS', 'ADVISOR_CLIENTS']).default('ALL_USERS'),
  firm: z.coerce.number().int().positive().optional(),
  profileTypeTk: z.coerce.number().int().min(1).max(5).optional(),
  user: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(200).optional(),
  status: z.enum(userStatuses).default('all'),
  ordering: z.enum(userOrderings).default('last_name'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userListItem = userSchema.extend({
  firm_name: z.string().nullable(),
  profile_type_name: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const firmParam = z.object({ firm: z.coerce.number().int().positive() });
