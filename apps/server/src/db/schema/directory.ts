import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A staff member's staff-directory entry: what the directory shows beside the account's
 * name and email. Made on a manager's first edit or removal; a person without one is listed from the
 * account alone. Title and phones left empty here show the profile's.
 */
export const staffDirectoryEntries = pgTable('staff_directory_entries', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  preferredName: text('preferred_name'),
  title: text('title'),
  bio: text('bio'),
  workPhone: text('work_phone'),
  mobilePhone: text('mobile_phone'),
  workAddressLine1: text('work_address_line_1'),
  workAddressLine2: text('work_address_line_2'),
  workCity: text('work_city'),
  workState: text('work_state'),
  workPostalCode: text('work_postal_code'),
  homeAddressLine1: text('home_address_line_1'),
  homeAddressLine2: text('home_address_line_2'),
  homeCity: text('home_city'),
  homeState: text('home_state'),
  homePostalCode: text('home_postal_code'),
  /** A manager took the person out of the directory; the account itself is untouched. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
