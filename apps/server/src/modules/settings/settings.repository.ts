import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, interests, siteSettings } from '../../db/schema/index.js';
import type { CompanyRow } from '../../db/schema/index.js';

/** A row of site_settings: one domain's stored settings. */
export type SiteRow = typeof siteSettings.$inferSelect;
/** A row of companies. */

export async function findSiteByDomain(db: DbOrTx, domain: string): Promise<SiteRow | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.domain, domain)).limit(1);
  return row ?? null;
}

/** The row flagged default, or else the oldest row, so a site always answers. */
export async function findDefaultSite(db: DbOrTx): Promise<SiteRow | null> {
  const [row] = await db
    .select()
    .from(siteSettings)
    .orderBy(desc(siteSettings.isDefault), asc(siteSettings.id))
    .limit(1);
  return row ?? null;
}

export async function findCompanyById(db: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

export async function listInterestKeys(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ key: interests.key }).from(interests).orderBy(asc(interests.id));
  return rows.map((r) => r.key);
}

/** The cdn_prefix of every domain, for the Content-Security-Policy. */
export async function listCdnPrefixes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ prefix: sql<string | null>`${siteSettings.settings} ->> 'cdn_prefix'` })
    .from(siteSettings);
  return rows.map((r) => r.prefix).filter((p): p is string => Boolean(p));
}
