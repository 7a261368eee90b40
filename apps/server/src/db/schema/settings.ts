import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredSettings } from '@app/shared';

/** The company behind one or more domains (spec section 3, company info). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: text('tradenames').array().notNull().default([]),
  vatNumbers: text('vat_numbers').array().notNull().default([]),
  supportPhone: text('support_phone').notNull(),
  deleteDiscount: integer('delete_discount').notNull().default(0),
  added: timestamp('added', { withTimezone: true }).notNull().defaultNow(),
});

/** Site settings per domain; exactly one row is the default for unknown hosts. */
export const siteSettings = pgTable('site_settings', {
  id: serial('id').primaryKey(),
  domain: text('domain').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  settings: jsonb('settings').$type<StoredSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CompanyRow = typeof companies.$inferSelect;
