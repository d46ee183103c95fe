import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const profileTypes = pgTable('profile_types', {
  profileTypeTk: integer('profile_type_tk').primaryKey(),
  name: text('name').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
  },
  (t) => [uniqueIndex('states_name_key').on(t.name)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('roles_name_key').on(t.name)],
);
