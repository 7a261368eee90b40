import {
  REGION_KIND_BY_COUNTRY,
  cleanPhone,
  isCountry,
  type Country,
  type Locale,
  type LocalizedSetting,
  type LocalizedSettings,
  type SettingsResponse,
  type StoredSettings,
} from '@app/shared';
import { pageText } from '../../plugins/i18n.js';
import type { SiteRow } from './settings.repository.js';

/** What a settings answer adds to the stored settings, per request. */
export interface SettingsContext {
  domain: string;
  geoipCountry: string | null;
  pushPublicKey: string | null;
  interestKeys: string[];
  /** The language of the answer's texts. */
  locale: Locale;
}

/**
 * The stored settings with each per-language text in `locale`: the operator's own text for that
 * language, else the `settings` catalogue's default in that language (never another language's
 * text: the fictional profiles' disclosure must be readable in the member's language).
 */
export function localizeSettings(stored: StoredSettings, locale: Locale): LocalizedSettings {
  const text = (field: LocalizedSetting) =>
    stored[field][locale] ?? pageText(locale, 'settings', field, { name: stored.name }) ?? '';
  return {
    ...stored,
    index_title: text('index_title'),
    fictional_warning: text('fictional_warning'),
    fictional_singular: text('fictional_singular'),
    fictional_plural: text('fictional_plural'),
  };
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
  const stored = localizeSettings(site.settings, ctx.locale);
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
    locale: ctx.locale,
  };
}
