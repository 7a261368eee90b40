import { LANDER_MEMBERS_LIMIT, ONLINE_MINUTES, type LanderResponse, type Niche, type SiteSettings } from '@app/shared';
import type { Db } from '../../db/client.js';
import { presentCard } from '../directory/directory.presenter.js';
import { findableCard, type CardRow } from '../directory/directory.repository.js';
import { selectCountry } from '../settings/settings.presenter.js';
import { poolCounts, poolMembers } from './landing.repository.js';
import { poolSteps, shownCounts, type NichePool } from './landing.rules.js';

export interface LandingServiceDeps {
  db: Db;
  now?: () => Date;
  /** How long a niche's members and counts are served from memory. */
  cacheMs?: number;
}

export type LandingService = ReturnType<typeof createLandingService>;

/** The site a lander is shown on: its domain (the cache's key) and settings. */
export interface LandingSite {
  domain: string;
  settings: Pick<SiteSettings, 'niche' | 'countries' | 'cdn_prefix'>;
}

interface PoolSnapshot {
  rows: CardRow[];
  counts: LanderResponse['counts'];
  expires: number;
}

const DAY_MS = 86_400_000;

/**
 * The members and counts of the landing pages. Landers take paid ad traffic, so a niche's pool
 * is read once a minute per process and site and country, not once per visit; the cache is only
 * a cache (each process fills its own).
 */
export function createLandingService(deps: LandingServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.cacheMs ?? 60_000;
  const cache = new Map<string, Promise<PoolSnapshot>>();

  /**
   * Draws from the niche's pool, then wider ones, until the lander is full. The counts are the
   * niche's own pool in the visitor's country, so "N online now" is true of what the page offers,
   * and only those big enough to persuade (shownCounts).
   */
  async function readPool(niche: Niche, country: string, countries: readonly string[]): Promise<PoolSnapshot> {
    const today = now();
    const steps: Array<{ pool: NichePool; countries: string[] }> = poolSteps(niche, today).map((pool) => ({
      pool,
      countries: [country],
    }));
    if (countries.length > 1) steps.push({ pool: steps.at(-1)!.pool, countries: [...countries] });
    const rows: CardRow[] = [];
    for (const step of steps) {
      if (rows.length >= LANDER_MEMBERS_LIMIT) break;
      const excluded = rows.map((r) => r.id);
      rows.push(...(await poolMembers(db, step.pool, step.countries, excluded, LANDER_MEMBERS_LIMIT - rows.length)));
    }
    const strict = steps[0]!;
    const counts = await poolCounts(
      db,
      strict.pool,
      strict.countries,
      new Date(today.getTime() - ONLINE_MINUTES * 60_000),
      new Date(today.getTime() - DAY_MS),
    );
    return { rows, counts: shownCounts(counts), expires: today.getTime() + cacheMs };
  }

  async function cachedPool(site: LandingSite, niche: Niche, country: string): Promise<PoolSnapshot> {
    const key = `${site.domain}|${niche}|${country}`;
    const hit = cache.get(key);
    if (hit && (await hit).expires > now().getTime()) return hit;
    // The promise is cached, so a burst of visits waits for one read instead of starting many.
    const read = readPool(niche, country, site.settings.countries);
    cache.set(key, read);
    read.catch(() => cache.delete(key));
    return read;
  }

  return {
    /** GET /api/lander.php for a visitor from `geoipCountry` (null when unknown). */
    async lander(
      site: LandingSite,
      query: { niche?: number | undefined; member_id?: number | undefined },
      geoipCountry: string | null,
    ): Promise<LanderResponse> {
      const niche = (query.niche ?? site.settings.niche) as Niche;
      const country = selectCountry(geoipCountry, site.settings.countries);
      const [snapshot, member] = await Promise.all([
        cachedPool(site, niche, country),
        query.member_id === undefined ? null : findableCard(db, query.member_id, null),
      ]);
      // One answer for every visitor (cached), so presence is what anyone may see.
      const context = { cdnPrefix: site.settings.cdn_prefix, now: now(), viewerId: null };
      return {
        niche,
        members: snapshot.rows.filter((row) => row.id !== member?.id).map((row) => presentCard(row, context)),
        member: member ? presentCard(member, context) : null,
        counts: snapshot.counts,
      };
    },
  };
}
