import type { CompanyInfoResponse, InterestsResponse, RegionsResponse } from '@app/shared';
import type { Db } from '../../db/client.js';
import { withEtag, type Cacheable } from '../../plugins/http-cache.js';
import { findCompanyById } from '../settings/settings.repository.js';
import type { SettingsService, SiteSelection } from '../settings/settings.service.js';
import { presentCompanyInfo, presentInterests, presentRegions } from './reference.presenter.js';
import { listInterests, listRegions } from './reference.repository.js';

export interface ReferenceServiceDeps {
  db: Db;
  sites: Pick<SettingsService, 'resolveSite'>;
  /** Reference data changes with a deploy or an operator edit; minutes are fine. */
  ttlMs?: number;
  now?: () => number;
}

/** Company info, interests and regions (spec section 7): read by every client, rarely changed. */
export type ReferenceService = ReturnType<typeof createReferenceService>;

/** Keeps each answer with its ETag in memory for a while; only a cache of the database. */
export function createReferenceService(deps: ReferenceServiceDeps) {
  const ttl = deps.ttlMs ?? 5 * 60_000;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { entry: Cacheable<unknown>; expires: number }>();

  async function cached<T>(key: string, load: () => Promise<T>): Promise<Cacheable<T>> {
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.entry as Cacheable<T>;
    const entry = withEtag(await load());
    cache.set(key, { entry, expires: now() + ttl });
    return entry;
  }

  return {
    interests(): Promise<Cacheable<InterestsResponse>> {
      return cached('interests', async () => presentInterests(await listInterests(deps.db)));
    },

    regions(): Promise<Cacheable<RegionsResponse>> {
      return cached('regions', async () => presentRegions(await listRegions(deps.db)));
    },

    /** The company of the requesting domain. */
    async companyInfo(selection: SiteSelection): Promise<Cacheable<CompanyInfoResponse>> {
      const { site } = await deps.sites.resolveSite(selection);
      return cached(`company:${site.companyId}`, async () => {
        const company = await findCompanyById(deps.db, site.companyId);
        if (!company) throw new Error(`company ${site.companyId} of ${site.domain} is missing`);
        return presentCompanyInfo(company);
      });
    },

    clearCache(): void {
      cache.clear();
    },
  };
}
