import { REGION_KIND_BY_COUNTRY, cleanPhone, isCountry, type Country, type SettingsResponse } from '@app/shared';
import type { SiteRow } from './settings.repository.js';

/** What a settings answer adds to the stored settings, per request. */
export interface SettingsContext {
  domain: string;
  geoipCountry: string | null;
  pushPublicKey: string | null;
  interestKeys: string[];
}

/**
 * The visitor's country when the site serves it, else the site's first country: the country
 * the search and the language dropdown start from.
 */
export function selectCountry(geoipCountry: string | null, countries: readonly Country[]): Country {
  if (isCountry(geoipCountry) && countries.includes(geoipCountry)) return geoipCountry;
  return countries[0] ?? 'NL';
}

/**
 * GET /api/settings.php: the stored settings of the domain, the support phone cleaned, plus the
 * per-request fields.
 */
export function presentSettings(site: SiteRow, ctx: SettingsContext): SettingsResponse {
  const stored = site.settings;
  return {
    settings: {
      ...stored,
      support_phone: cleanPhone(stored.support_phone),
      domain: ctx.domain,
      push_public_key: ctx.pushPublicKey,
      geoip_country: ctx.geoipCountry,
      geoip_selected_country: selectCountry(ctx.geoipCountry, stored.countries),
      interests: ctx.interestKeys,
      region_kinds: { ...REGION_KIND_BY_COUNTRY },
    },
    domain_language: stored.domain_language,
  };
}
