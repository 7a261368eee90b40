import { z } from 'zod';
import { int4, text } from './common.js';
import { COUNTRIES, LOCALES } from '../constants.js';

export const LocaleSchema = z.enum(LOCALES);
export const CountrySchema = z.enum(COUNTRIES);

/** Profile fields a site may show; settings.visible_profile_fields picks among them. */
export const PROFILE_FIELDS = [
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'reason',
  'interests',
] as const;
export const ProfileFieldSchema = z.enum(PROFILE_FIELDS);

/** Search filters a site may offer; settings.search_fields picks among them. */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export const SearchFieldSchema = z.enum(SEARCH_FIELDS);

/** Kind of region a country is divided in; the UI names the region field after it. */
export const REGION_KINDS = [
  'province',
  'state',
  'canton',
  'region',
  'autonomous_community',
  'voivodeship',
  'county',
  'nation',
] as const;
export const RegionKindSchema = z.enum(REGION_KINDS);

export const MinimumMessageCostSchema = z.object({
  /** Price of the cheapest way to write, in cents. */
  costs: int4().nonnegative(),
  /** ISO 4217 currency code. */
  currency: text().length(3),
});

/** Who may sign up: everyone, only visitors with a stored traffic source, or nobody. */
export const SignupPolicySchema = z.enum(['all', 'with_trafficsource', 'none']);

/**
 * Staff review of members' new photos: 'off' shows them at once unreviewed, 'after' shows them
 * at once and queues them, 'before' hides them from others until approved.
 */
export const PHOTO_REVIEW_MODES = ['off', 'before', 'after'] as const;
export const PhotoReviewModeSchema = z.enum(PHOTO_REVIEW_MODES);
export type PhotoReviewMode = z.infer<typeof PhotoReviewModeSchema>;

/** Site-wide settings of one domain (spec section 3), as GET /api/settings.php answers them. */
export const SiteSettingsSchema = z.object({
  name: text(),
  index_title: text(),
  description: text(),
  domain: text(),
  domain_language: LocaleSchema,
  cdn_prefix: text(),
  niche: int4().min(1).max(7),
  countries: z.array(CountrySchema),
  visible_profile_fields: z.array(ProfileFieldSchema),
  visible_profile_notes: z.boolean(),
  message_credits: int4().nonnegative(),
  photo_credits: int4().nonnegative(),
  gift_credits: int4().nonnegative(),
  signup_credits: int4().nonnegative(),
  free_messages: int4().nonnegative(),
  message_length: int4().positive(),
  minimum_message_costs: z.record(text(), MinimumMessageCostSchema),
  min_age: int4().min(18),
  support_email: text(),
  support_phone: text(),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  enable_us_footer: z.boolean(),
  push_public_key: text().nullable(),
  search_fields: z.array(SearchFieldSchema),
  fictional_icon: text(),
  fictional_warning: text(),
  fictional_singular: text(),
  fictional_plural: text(),
  refund_days: int4().nonnegative(),
  signups: SignupPolicySchema,
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  member_resell: z.boolean(),
  /** Missing in settings stored before it existed: read it through photoReviewMode(). */
  photo_review: PhotoReviewModeSchema.optional(),
  geoip_country: text().nullable(),
  geoip_selected_country: CountrySchema,
  interests: z.array(text()),
  region_kinds: z.record(text(), RegionKindSchema),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/**
 * The operator's texts that members read (the home page's title, the names of and the warning on
 * fictional profiles): stored per language, answered as one text in the request's language.
 */
export type LocalizedSetting = 'index_title' | 'fictional_warning' | 'fictional_singular' | 'fictional_plural';

/**
 * An operator's text in the languages they wrote it in; a language left out reads the
 * catalogue's default text for it, never another language's text.
 */
export const LocalizedTextSchema = z.partialRecord(LocaleSchema, text().trim().min(1));
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** What an operator stores per domain: everything but the per-request fields, the texts per language. */
export const StoredSettingsSchema = SiteSettingsSchema.omit({
  domain: true,
  geoip_country: true,
  geoip_selected_country: true,
  push_public_key: true,
  interests: true,
  region_kinds: true,
}).extend({
  index_title: LocalizedTextSchema,
  fictional_warning: LocalizedTextSchema,
  fictional_singular: LocalizedTextSchema,
  fictional_plural: LocalizedTextSchema,
});
export type StoredSettings = z.infer<typeof StoredSettingsSchema>;

/** Stored settings with their per-language texts as one language's texts, as the answers carry them. */
export type LocalizedSettings = Omit<StoredSettings, LocalizedSetting> & Pick<SiteSettings, LocalizedSetting>;

/** A site's photo review mode; settings stored before the setting existed mean 'off'. */
export function photoReviewMode(settings: Pick<StoredSettings, 'photo_review'>): PhotoReviewMode {
  return settings.photo_review ?? 'off';
}

export const SettingsQuerySchema = z
  .object({
    /** The host the client runs on; selects that domain's settings. */
    forced_domain: text().max(253).optional(),
    /** The language of the answer's texts; without it, the page's language (the locale cookie, else the domain's). */
    locale: LocaleSchema.optional(),
  })
  .catchall(text());
export type SettingsQuery = z.infer<typeof SettingsQuerySchema>;

export const SettingsResponseSchema = z.object({
  settings: SiteSettingsSchema,
  domain_language: LocaleSchema,
  /** The language the settings' texts (index_title, fictional_*) are in. */
  locale: LocaleSchema,
});
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;
