import type { ContentPage, ContentPageText, Locale } from '@app/shared';
import type { Db } from '../../db/client.js';
import type { SettingsService, SiteSelection } from '../settings/settings.service.js';
import { deletePageText, findPageText, upsertPageText, type PageTextKey } from './pages.repository.js';
import type { PageTextRow } from '../../db/schema/index.js';

/** Cached lookups are bounded so random keys cannot grow memory without limit. */
const MAX_CACHED = 2000;

export interface PagesServiceDeps {
  db: Db;
  settings: Pick<SettingsService, 'resolveSite'>;
  /** How long a looked-up text is reused; an edit in another process shows within this time. */
  ttlMs?: number;
  now?: () => number;
}

/** The operators' own texts of the content pages, per domain, language and page. */
export type PagesService = ReturnType<typeof createPagesService>;

/**
 * Content pages are read on every visit to /pages/*, so texts (and their absence) are kept in
 * memory, like the site settings. It is only a cache: the database stays the truth, and the
 * console's edits clear every process's copy through the bus (settings/site-data.ts); the TTL
 * is a safety net.
 */
export function createPagesService(deps: PagesServiceDeps) {
  const { db } = deps;
  const ttl = deps.ttlMs ?? 10 * 60_000;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { row: PageTextRow | null; expires: number }>();
  const cacheKey = (key: PageTextKey) => `${key.domain}\0${key.locale}\0${key.page}`;

  async function stored(key: PageTextKey): Promise<PageTextRow | null> {
    const id = cacheKey(key);
    const hit = cache.get(id);
    if (hit && hit.expires > now()) return hit.row;
    const row = await findPageText(db, key);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(id, { row, expires: now() + ttl });
    return row;
  }

  return {
    /** A domain's own text of a page, or null for the catalogue's; placeholders unfilled. */
    async pageText(key: { domain: string; locale: Locale; page: ContentPage }): Promise<ContentPageText | null> {
      return (await stored(key))?.content ?? null;
    },

    /** The own text of a page for a request's site (its settings row's domain). */
    async pageTextFor(selection: SiteSelection, locale: Locale, page: ContentPage): Promise<ContentPageText | null> {
      const { site } = await deps.settings.resolveSite(selection);
      return (await stored({ domain: site.domain, locale, page }))?.content ?? null;
    },

    /** The stored row itself, uncached, for the console. */
    async storedPageText(key: PageTextKey): Promise<PageTextRow | null> {
      return findPageText(db, key);
    },

    async savePageText(key: PageTextKey, content: ContentPageText, staffId: number | null): Promise<PageTextRow> {
      return upsertPageText(db, key, content, staffId, new Date(now()));
    },

    /** Removes the own text; whether there was one. */
    async removePageText(key: PageTextKey): Promise<boolean> {
      return deletePageText(db, key);
    },

    /** Forgets every cached text (a console edit, in this process or another). */
    clearCache(): void {
      cache.clear();
    },
  };
}
