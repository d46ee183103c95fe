import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { profileTypes, roles } from './reference.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    suffix: text('suffix'),
    salutation: text('salutation'),
    isActive: boolean('is_active').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    advisorId: integer('advisor_id').references((): AnyPgColumn => users.id),
    createdById: integer('created_by_id').references((): AnyPgColumn => users.id),
    /** Set when an administrator deactivates the account; a never-activated account has none. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When the person last proved they receive mail at `email` (an activation link, or a confirmed
     * address change opened there). Null: never activated, and the address is only what someone typed.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    // One live account per address, compared case-insensitively; a deleted account frees its address.
    uniqueIndex('users_email_live_key').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('users_advisor_idx').on(t.advisorId),
    // The administrators by the flag (a few in thousands of accounts): whom a firm's new request or case
    // is mailed to when it has no one named for it.
    index('users_admin_idx').on(t.id).where(sql`${t.isAdmin}`),
    // The lists' default order (last name, first name, id) over live accounts: a page is an index range.
    index('users_live_name_idx').on(t.lastName, t.firstName, t.id).where(sql`${t.deletedAt} is null`),
    // The users search ("contains", case-insensitive) over the full name: trigrams (pg_trgm, created by
    // the migration) find the matches without reading every row. No fast-update pending list: accounts
    // change rarely, and a search must not scan unmerged entries until the next VACUUM.
    index('users_live_name_trgm_idx')
      .using('gin', sql`${userSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * What the users search matches: "First Last" as one text. A term found in the first name, the last
 * name or across both ("ada love") is found here; the trigram index is built on this very expression.
 */
export function userSearchText(t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) {
  return sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`;
}

export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    firmId: integer('firm_id').references(() => firms.id),
    profileType: integer('profile_type').references(() => profileTypes.profileTypeTk),
    isCco: boolean('is_cco').notNull().default(false),
    isSuperCco: boolean('is_super_cco').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isManager: boolean('is_manager').notNull().default(false),
    isInvestmentsUser: boolean('is_investments_user').notNull().default(false),
    isSupportHandler: boolean('is_support_handler').notNull().default(false),
    isExhibitBInvestorProfileFormUser: boolean('is_exhibit_b_investor_profile_form_user').notNull().default(false),
    isUsingFidelity: boolean('is_using_fidelity').notNull().default(false),
    isUsingNationalAdvisorsTrust: boolean('is_using_national_advisors_trust').notNull().default(false),
    isUsingSchwab: boolean('is_using_schwab').notNull().default(false),
    isUsingTdAmeritrade: boolean('is_using_td_ameritrade').notNull().default(false),
    title: text('title'),
    company: text('company'),
    department: text('department'),
    phone: text('phone'),
    phoneExtension: text('phone_extension'),
    mobilePhone: text('mobile_phone'),
    fax: text('fax'),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
  },
  (t) => [
    index('profiles_firm_idx').on(t.firmId, t.profileType),
    // A firm's investments users and support handlers, mailed on each new request or case: a handful
    // among a firm's thousands of people, found without reading the firm's every profile.
    index('profiles_investments_idx').on(t.firmId).where(sql`${t.isInvestmentsUser}`),
    index('profiles_support_handlers_idx').on(t.firmId).where(sql`${t.isSupportHandler}`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [uniqueIndex('user_roles_user_role_key').on(t.userId, t.roleId)],
);
