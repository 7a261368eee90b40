import { and, eq } from 'drizzle-orm';
import type { ContentPageText } from '@app/shared';
import type { DbOrTx } from '../../db/client.js';
import { contentPageTexts } from '../../db/schema/index.js';
import type { PageTextRow } from '../../db/schema/index.js';

/** A row of content_page_texts: one domain's own text of a page in one language. */

/** Which page text: a page of a domain in a language. */
export interface PageTextKey {
  domain: string;
  locale: string;
  page: string;
}

const where = (key: PageTextKey) =>
  and(
    eq(contentPageTexts.domain, key.domain),
    eq(contentPageTexts.locale, key.locale),
    eq(contentPageTexts.page, key.page),
  );

export async function findPageText(db: DbOrTx, key: PageTextKey): Promise<PageTextRow | null> {
  const [row] = await db.select().from(contentPageTexts).where(where(key)).limit(1);
  return row ?? null;
}

/** Inserts or replaces the text of a key. */
export async function upsertPageText(
  db: DbOrTx,
  key: PageTextKey,
  content: ContentPageText,
  staffId: number | null,
  now: Date,
): Promise<PageTextRow> {
  const [row] = await db
    .insert(contentPageTexts)
    .values({ ...key, content, updatedAt: now, updatedBy: staffId })
    .onConflictDoUpdate({
      target: [contentPageTexts.domain, contentPageTexts.locale, contentPageTexts.page],
      set: { content, updatedAt: now, updatedBy: staffId },
    })
    .returning();
  return row!;
}

/** Deletes the text of a key; whether there was one. */
export async function deletePageText(db: DbOrTx, key: PageTextKey): Promise<boolean> {
  const rows = await db.delete(contentPageTexts).where(where(key)).returning({ page: contentPageTexts.page });
  return rows.length > 0;
}
