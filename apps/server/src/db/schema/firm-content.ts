import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { users } from './users.js';

/**
 * A firm's calendar event. `startDate`/`endDate` are the calendar days it covers in the
 * portal's time zone (inclusive), what a range read filters on; a timed event also keeps its instants.
 * Removing one sets `deletedAt`: the audit trail and a feed's history still name it.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    location: text('location'),
    description: text('description'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('calendar_events_firm_days_idx').on(t.firmId, t.startDate, t.endDate)],
);

/**
 * A person's private calendar feed. The token in the feed's address is derived from the server's
 * secret and `nonce` (so the address can be shown again); only its SHA-256 is stored and looked up,
 * so a copy of the database alone opens no feed. A reset draws a new nonce: the old address stops.
 * What a firm publishes goes with the firm (a firm is deleted only once nobody belongs to it).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** A page a firm writes for its people (the Life Impact page): HTML sanitized when saved. */
export const firmPages = pgTable(
  'firm_pages',
  {
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.slug] })],
);

/** A firm's portal settings: the menu entries switched off to the coming-soon card, and its countdown. */
export const firmPortalSettings = pgTable('firm_portal_settings', {
  firmId: integer('firm_id')
    .primaryKey()
    .references(() => firms.id, { onDelete: 'cascade' }),
  switchedOff: text('switched_off').array().notNull().default(sql`'{}'::text[]`),
  comingSoonTarget: timestamp('coming_soon_target', { withTimezone: true }),
  comingSoonMessage: text('coming_soon_message'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
