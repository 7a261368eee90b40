import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const interests = pgTable('interests', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  icon: text('icon').notNull(),
});

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('regions_code_idx').on(t.code), index('regions_country_idx').on(t.country)],
);
