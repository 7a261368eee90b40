import {
  CompanyInfoResponseSchema,
  InterestsResponseSchema,
  RegionsResponseSchema,
  type CompanyInfoResponse,
  type InterestsResponse,
  type RegionsResponse,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { cacheable, type Cacheable } from '../../plugins/http-cache.js';
import type { SettingsService, SiteSelection } from '../settings/settings.service.js';
import { presentCompanyInfo, presentInterests, presentRegions } from './reference.presenter.js';
import { listInterests, listRegions } from './reference.repository.js';

export interface ReferenceServiceDeps {
  db: Db;
  sites: Pick<SettingsService, 'resolveSite' | 'resolveSiteCompany'>;
  /**
   * A safety net only: the console's edits clear the cache of every process through the bus
   * (settings/site-data.ts); an edit made outside the console shows within this time.
   */
  ttlMs?: number;
  now?: () => number;
}

/** Company info, interests and regions (spec section 7): read by every client, rarely changed. */
export type ReferenceService = ReturnType<typeof createReferenceService>;

/** Keeps each answer serialized, with its ETag, in memory; only a cache of the database. */
export function createReferenceService(deps: ReferenceServiceDeps) {
  const ttl = deps.ttlMs ?? 10 * 60_000;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { entry: Cacheable<unknown>; expires: number }>();
  // Bumped by clearCache, so a load that began before a clear never stores what it read.
  let generation = 0;

  async function cached<T>(key: string, load: () => Promise<Cacheable<T>>): Promise<Cacheable<T>> {
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.entry as Cacheable<T>;
    const loadedIn = generation;
    const entry = await load();
    if (loadedIn === generation) cache.set(key, { entry, expires: now() + ttl });
    return entry;
  }

  return {
    interests(): Promise<Cacheable<InterestsResponse>> {
      return cached('interests', async () =>
        cacheable(InterestsResponseSchema, presentInterests(await listInterests(deps.db))),
      );
    },

    regions(): Promise<Cacheable<RegionsResponse>> {
      return cached('regions', async () =>
        cacheable(RegionsResponseSchema, presentRegions(await listRegions(deps.db))),
      );
    },

    /** The company of the requesting domain. */
    async companyInfo(selection: SiteSelection): Promise<Cacheable<CompanyInfoResponse>> {
      const { site } = await deps.sites.resolveSite(selection);
      return cached(`company:${site.companyId}`, async () => {
        const { company } = await deps.sites.resolveSiteCompany(selection);
        return cacheable(CompanyInfoResponseSchema, presentCompanyInfo(company));
      });
    },

    clearCache(): void {
      generation += 1;
      cache.clear();
    },
  };
}
