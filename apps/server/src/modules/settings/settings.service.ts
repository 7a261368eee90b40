import type { FastifyBaseLogger } from 'fastify';
import { SettingsResponseSchema, type Locale, type SettingsResponse, type StoredSettings } from '@app/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { cacheable, type Cacheable } from '../../plugins/http-cache.js';
import type { CompanyRow } from '../../db/schema/index.js';
import { presentSettings } from './settings.presenter.js';
import {
  findCompanyById,
  findDefaultSite,
  findSiteByDomain,
  listCdnPrefixes,
  listInterestKeys,
  type SiteRow,
} from './settings.repository.js';

/** How a request names its site: the client's forced_domain parameter, else the Host header. */
export interface SiteSelection {
  host?: string | undefined;
  forcedDomain?: string | undefined;
}

/** How a settings answer picks its texts' language, given the site's own language. */
export interface TextsLanguage {
  locale: (domainLanguage: Locale) => Locale;
}

/** The settings row that serves a request, and the domain the answer names. */
/** A resolved site with the company behind it. */
export interface SiteCompany extends ResolvedSite {
  company: CompanyRow;
}

export interface ResolvedSite {
  site: SiteRow;
  /** The row's domain; for a host without a row of its own, that host (it runs on the default). */
  domain: string;
}

/**
 * A host as the settings table keys it: lowercase, without scheme, port, path, trailing dot or
 * leading www. Null for anything that is not a hostname, so junk never reaches the cache.
 */
export function normalizeDomain(value: string | undefined | null): string | null {
  if (!value) return null;
  let host = value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z\d+.-]*:\/\//, '');
  host = host.split(/[/?#]/)[0] ?? '';
  host = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  host = host.replace(/\.$/, '').replace(/^www\./, '');
  if (/^\[[\da-f:.]+\]$/.test(host)) return host;
  if (
    host.length === 0 ||
    host.length > 253 ||
    !/^[a-z\d]([a-z\d-]*[a-z\d])?(\.[a-z\d]([a-z\d-]*[a-z\d])?)*$/.test(host)
  ) {
    return null;
  }
  return host;
}

/** Cached lookups are bounded so random Host headers cannot grow memory without limit. */
const MAX_CACHED_DOMAINS = 1000;
/** Serialized answers, per domain, visitor country and language. */
const MAX_CACHED_ANSWERS = 5000;
const DEFAULT_KEY = '\0default';

/** A Host header as a client may send it: a host name or bracketed IPv6 address, and a port. */
const HOST_HEADER = /^(?:[a-z\d.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/** Hosts of a developer's machine, which the server answers on its own port. */
const isLocalHost = (domain: string) => domain === 'localhost' || domain.endsWith('.localhost');

export interface SettingsServiceDeps {
  db: Db;
  /** What absolute links are built from: PUBLIC_URL, production mode and the port. */
  config: Pick<Config, 'publicUrl' | 'production' | 'port'>;
  log: FastifyBaseLogger;
  /** VAPID public key, or null while push is not configured. */
  pushPublicKey: string | null;
  countryForIp: (ip: string) => string | null;
  /**
   * How long a looked-up row is reused. A safety net only: the console's edits clear the caches
   * of every process through the bus (site-data.ts); an edit made outside the console (SQL)
   * shows within this time.
   */
  ttlMs?: number;
  now?: () => number;
}

/** Site settings per domain (spec sections 3 and 7). */
export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * Settings are read on every page load, so rows, and the answers serialized from them, are kept
 * in memory. It is only a cache: the database stays the truth, the console's edits clear it in
 * every process, and anything else converges within the TTL.
 */
export function createSettingsService(deps: SettingsServiceDeps) {
  const { db, log } = deps;
  const ttl = deps.ttlMs ?? 10 * 60_000;
  const now = deps.now ?? Date.now;
  const publicUrl = deps.config.publicUrl ? new URL(deps.config.publicUrl) : null;
  const sites = new Map<string, { row: SiteRow | null; expires: number }>();
  let interestKeys: { keys: string[]; expires: number } | null = null;
  let cdn: { origins: string[]; expires: number; loading: boolean } = { origins: [], expires: 0, loading: false };
  const answers = new Map<string, { entry: Cacheable<SettingsResponse>; expires: number }>();
  // Bumped by clearCache, so a read that began before a clear never stores what it read.
  let generation = 0;

  async function cachedSite(key: string, load: () => Promise<SiteRow | null>): Promise<SiteRow | null> {
    const hit = sites.get(key);
    if (hit && hit.expires > now()) return hit.row;
    const loadedIn = generation;
    const row = await load();
    if (loadedIn !== generation) return row;
    if (sites.size >= MAX_CACHED_DOMAINS) sites.clear();
    sites.set(key, { row, expires: now() + ttl });
    return row;
  }

  async function defaultSite(): Promise<SiteRow> {
    const row = await cachedSite(DEFAULT_KEY, () => findDefaultSite(db));
    if (!row) throw new Error('no site settings in the database; seedReference has not run');
    return row;
  }

  async function resolveSite(selection: SiteSelection): Promise<ResolvedSite> {
    const requested = normalizeDomain(selection.forcedDomain) ?? normalizeDomain(selection.host);
    const own = requested ? await cachedSite(requested, () => findSiteByDomain(db, requested)) : null;
    if (own) return { site: own, domain: own.domain };
    const site = await defaultSite();
    return { site, domain: requested ?? site.domain };
  }

  /** Whether a normalized host names a site we serve: a settings row, or PUBLIC_URL's host. */
  async function isOwnDomain(domain: string): Promise<boolean> {
    if (publicUrl && domain === normalizeDomain(publicUrl.host)) return true;
    return (await cachedSite(domain, () => findSiteByDomain(db, domain))) !== null;
  }

  /** PUBLIC_URL's scheme when set, https in production, else the request's (the demo). */
  function protocolFor(requestProtocol: string | undefined): string {
    if (publicUrl) return publicUrl.protocol;
    if (deps.config.production) return 'https:';
    return requestProtocol === 'https' ? 'https:' : 'http:';
  }

  /** PUBLIC_URL, else the default site's domain (on a developer's machine, at this server's port). */
  async function defaultOrigin(requestProtocol: string | undefined): Promise<string> {
    if (publicUrl) return publicUrl.origin;
    const domain = (await defaultSite()).domain;
    const port = isLocalHost(domain) ? `:${deps.config.port}` : '';
    return `${protocolFor(requestProtocol)}//${domain}${port}`;
  }

  async function interestKeyList(): Promise<string[]> {
    if (interestKeys && interestKeys.expires > now()) return interestKeys.keys;
    const loadedIn = generation;
    const keys = await listInterestKeys(db);
    if (loadedIn === generation) interestKeys = { keys, expires: now() + ttl };
    return keys;
  }

  async function refreshCdnOrigins(): Promise<void> {
    const origins = new Set<string>();
    for (const prefix of await listCdnPrefixes(db)) {
      try {
        const url = new URL(prefix);
        if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
      } catch {
        // A relative prefix (/cdn) is same-origin and needs no entry.
      }
    }
    cdn = { origins: [...origins].sort(), expires: now() + ttl, loading: false };
  }

  /**
   * GET /api/settings.php for one request, serialized: the answer differs only by site, domain,
   * the visitor's country and the language of its texts, so each is built and serialized once.
   */
  async function siteSettingsAnswer(
    selection: SiteSelection & TextsLanguage & { ip: string },
  ): Promise<Cacheable<SettingsResponse>> {
    const loadedIn = generation;
    const [{ site, domain }, keys] = await Promise.all([resolveSite(selection), interestKeyList()]);
    const geoipCountry = deps.countryForIp(selection.ip);
    const locale = selection.locale(site.settings.domain_language);
    const key = `${site.id}\0${domain}\0${geoipCountry ?? ''}\0${locale}`;
    const hit = answers.get(key);
    if (hit && hit.expires > now()) return hit.entry;
    const entry = cacheable(
      SettingsResponseSchema,
      presentSettings(site, { domain, geoipCountry, pushPublicKey: deps.pushPublicKey, interestKeys: keys, locale }),
    );
    if (loadedIn !== generation) return entry;
    if (answers.size >= MAX_CACHED_ANSWERS) answers.clear();
    answers.set(key, { entry, expires: now() + ttl });
    return entry;
  }

  return {
    resolveSite,

    /** The site of a selection and its company: every site row names one, so a missing one is a broken database. */
    async resolveSiteCompany(selection: SiteSelection): Promise<SiteCompany> {
      const resolved = await resolveSite(selection);
      const company = await findCompanyById(db, resolved.site.companyId);
      if (!company) throw new Error(`company ${resolved.site.companyId} of ${resolved.site.domain} is missing`);
      return { ...resolved, company };
    },

    /**
     * The origin of every absolute link answered to or mailed for a request (mail links,
     * payment return and webhook URLs); the one rule for them. A Host that names a site we
     * serve keeps its host (and port); any other host gets the default origin, so a forged
     * Host header never puts its host in a link.
     */
    async requestOrigin(request: { host: string; protocol: string }): Promise<string> {
      const domain = HOST_HEADER.test(request.host) ? normalizeDomain(request.host) : null;
      if (domain && (await isOwnDomain(domain)))
        return `${protocolFor(request.protocol)}//${request.host.toLowerCase()}`;
      return defaultOrigin(request.protocol);
    },

    /**
     * The origin of links mailed to a member outside a request (notification mails, a
     * console's resend): their own site's domain when we serve it, else the default origin.
     */
    async domainOrigin(domain: string): Promise<string> {
      const own = normalizeDomain(domain);
      if (own && publicUrl && own === normalizeDomain(publicUrl.host)) return publicUrl.origin;
      if (!own || !(await isOwnDomain(own))) return defaultOrigin(undefined);
      return `${protocolFor(undefined)}//${own}${isLocalHost(own) ? `:${deps.config.port}` : ''}`;
    },

    siteSettingsAnswer,

    /** The settings answer as data (GET /api/settings.php sends siteSettingsAnswer). */
    async siteSettings(selection: SiteSelection & TextsLanguage & { ip: string }): Promise<SettingsResponse> {
      return (await siteSettingsAnswer(selection)).body;
    },

    /** The stored settings a member's own domain runs on (fictional icon, credits, ...). */
    async settingsForDomain(domain: string): Promise<StoredSettings> {
      return (await resolveSite({ forcedDomain: domain })).site.settings;
    },

    /**
     * Origins of every domain's CDN, for the Content-Security-Policy. Synchronous because
     * headers are built synchronously; a stale list is refreshed in the background.
     */
    cdnOrigins(): readonly string[] {
      if (cdn.expires <= now() && !cdn.loading) {
        cdn.loading = true;
        refreshCdnOrigins().catch((err: unknown) => {
          cdn.loading = false;
          log.error({ err }, 'loading CDN origins failed');
        });
      }
      return cdn.origins;
    },

    refreshCdnOrigins,

    /** Forgets every cached row and answer (site-data.ts calls it on the console's edits). */
    clearCache(): void {
      generation += 1;
      sites.clear();
      answers.clear();
      interestKeys = null;
      cdn = { origins: cdn.origins, expires: 0, loading: false };
    },
  };
}
