import {
  CONTENT_PAGE_PLACEHOLDERS,
  unknownPlaceholders,
  type AdminPageTextBody,
  type AdminPageTextKey,
  type AdminPageTextResponse,
} from '@app/shared';
import { notFound, validationFailed } from '../../errors.js';
import { catalogueContentPage } from '../pages/pages.catalogue.js';
import type { PagesService } from '../pages/pages.service.js';
import { normalizeDomain, type SettingsService } from '../settings/settings.service.js';
import type { SiteData } from '../settings/site-data.js';
import type { StaffActor, StaffService } from './staff.service.js';
import type { PageTextRow } from '../../db/schema/index.js';

export interface PageTextsServiceDeps {
  pages: PagesService;
  settings: Pick<SettingsService, 'resolveSite'>;
  staff: Pick<StaffService, 'audit'>;
  siteData: Pick<SiteData, 'changed'>;
}

/** The console's editing of the content pages' texts per domain and language. */
export type PageTextsService = ReturnType<typeof createPageTextsService>;

export function createPageTextsService(deps: PageTextsServiceDeps) {
  const { pages, settings, staff } = deps;

  /** The key with the domain as its settings row names it; 404 for a domain without settings. */
  async function siteKey(key: AdminPageTextKey): Promise<AdminPageTextKey> {
    const domain = normalizeDomain(key.domain);
    const { site } = domain ? await settings.resolveSite({ forcedDomain: domain }) : { site: null };
    if (!site || site.domain !== domain) throw notFound();
    return { ...key, domain };
  }

  function present(key: AdminPageTextKey, row: PageTextRow | null): AdminPageTextResponse {
    return {
      default: catalogueContentPage(key.locale, key.page),
      custom: row?.content ?? null,
      placeholders: [...CONTENT_PAGE_PLACEHOLDERS],
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  }

  return {
    /** The catalogue's text, the domain's own and the placeholders the page may use. */
    async view(query: AdminPageTextKey): Promise<AdminPageTextResponse> {
      const key = await siteKey(query);
      return present(key, await pages.storedPageText(key));
    },

    /** Stores the domain's own text; refuses placeholders the page does not fill. */
    async save(actor: StaffActor, body: AdminPageTextBody): Promise<AdminPageTextResponse> {
      const { content, ...query } = body;
      const unknown = unknownPlaceholders(content, CONTENT_PAGE_PLACEHOLDERS);
      if (Object.keys(unknown).length > 0) {
        throw validationFailed(
          Object.fromEntries(Object.keys(unknown).map((path) => [`content.${path}`, 'field_invalid'])),
        );
      }
      const key = await siteKey(query);
      const row = await pages.savePageText(key, content, actor.id);
      await deps.siteData.changed();
      await staff.audit(actor, {
        action: 'page_text.save',
        targetType: 'page_text',
        targetId: `${key.domain}/${key.locale}/${key.page}`,
        details: { ...key },
      });
      return present(key, row);
    },

    /** Removes the domain's own text: the catalogue's shows again. */
    async reset(actor: StaffActor, query: AdminPageTextKey): Promise<AdminPageTextResponse> {
      const key = await siteKey(query);
      const removed = await pages.removePageText(key);
      if (removed) {
        await deps.siteData.changed();
        await staff.audit(actor, {
          action: 'page_text.reset',
          targetType: 'page_text',
          targetId: `${key.domain}/${key.locale}/${key.page}`,
          details: { ...key },
        });
      }
      return present(key, null);
    },
  };
}
