import type { ContentPageText } from '@app/shared';
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { siteSettings } from './settings.js';
import { staff } from './staff.js';

/**
 * An operator's own text of a content page (/pages/terms, ...) for one domain and language,
 * shown instead of the `pages` catalogue's. Placeholders ({{name}}, ...) stay unfilled here.
 */
export const contentPageTexts = pgTable(
  'content_page_texts',
  {
    domain: text('domain')
      .notNull()
      .references(() => siteSettings.domain, { onDelete: 'cascade', onUpdate: 'cascade' }),
    locale: text('locale').notNull(),
    page: text('page').notNull(),
    content: jsonb('content').$type<ContentPageText>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who saved it last; kept when that account goes. */
    updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.domain, t.locale, t.page] })],
);

export type PageTextRow = typeof contentPageTexts.$inferSelect;
