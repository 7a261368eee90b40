import type { FastifyBaseLogger } from 'fastify';
import { publishEvent, SITE_DATA_CHANNEL, SiteDataChangedEventSchema } from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';

/** A per-process cache of site data (settings rows and answers, companies, reference lists). */
export interface SiteDataCache {
  clearCache(): void;
}

export interface SiteDataDeps {
  bus: Bus;
  log: FastifyBaseLogger;
  caches: SiteDataCache[];
}

/** The per-process caches of site data, kept in step across processes through the bus. */
export type SiteData = ReturnType<typeof createSiteData>;

/**
 * Every process caches site data for minutes; the console's edits reach them all through the
 * bus, so the caches' TTL is only a safety net (an edit made outside the console, an event
 * lost while a process was cut off from Redis).
 */
export function createSiteData(deps: SiteDataDeps) {
  const clearAll = () => {
    for (const cache of deps.caches) cache.clearCache();
  };
  return {
    /**
     * After a console edit committed: this process's caches at once (the console's answer and
     * the next page show the edit), every other process's through the bus. A failed publish is
     * only logged: the edit is stored, and the TTL bounds how long others show the old data.
     */
    async changed(): Promise<void> {
      clearAll();
      await publishEvent(deps.bus, SITE_DATA_CHANNEL, { type: 'site_data_changed' }).catch((err: unknown) =>
        deps.log.error({ err }, 'announcing a site data change failed'),
      );
    },

    /** Clears the caches on every announcement, this process's own included; answers the unsubscribe. */
    start(): Promise<() => Promise<void>> {
      return deps.bus.subscribe(SITE_DATA_CHANNEL, (event) => {
        if (SiteDataChangedEventSchema.safeParse(event).success) clearAll();
      });
    },
  };
}
