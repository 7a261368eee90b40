import { z } from 'zod';
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
  costs: z.number().int().nonnegative(),
  /** ISO 4217 currency code. */
  currency: z.string().length(3),
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
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  domain: z.string(),
  domain_language: LocaleSchema,
  cdn_prefix: z.string(),
  niche: z.number().int().min(1).max(7),
  countries: z.array(CountrySchema),
  visible_profile_fields: z.array(ProfileFieldSchema),
  visible_profile_notes: z.boolean(),
  message_credits: z.number().int().nonnegative(),
  photo_credits: z.number().int().nonnegative(),
  gift_credits: z.number().int().nonnegative(),
  signup_credits: z.number().int().nonnegative(),
  free_messages: z.number().int().nonnegative(),
  message_length: z.number().int().positive(),
  minimum_message_costs: z.record(z.string(), MinimumMessageCostSchema),
  min_age: z.number().int().min(18),
  support_email: z.string(),
  support_phone: z.string(),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  enable_us_footer: z.boolean(),
  push_public_key: z.string().nullable(),
  search_fields: z.array(SearchFieldSchema),
  fictional_icon: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  refund_days: z.number().int().nonnegative(),
  signups: SignupPolicySchema,
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  member_resell: z.boolean(),
  /** Missing in settings stored before it existed: read it through photoReviewMode(). */
  photo_review: PhotoReviewModeSchema.optional(),
  geoip_country: z.string().nullable(),
  geoip_selected_country: CountrySchema,
  interests: z.array(z.string()),
  region_kinds: z.record(z.string(), RegionKindSchema),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** What an operator stores per domain: everything but the per-request fields. */
export const StoredSettingsSchema = SiteSettingsSchema.omit({
  domain: true,
  geoip_country: true,
  geoip_selected_country: true,
  push_public_key: true,
  interests: true,
  region_kinds: true,
});
export type StoredSettings = z.infer<typeof StoredSettingsSchema>;

/** A site's photo review mode; settings stored before the setting existed mean 'off'. */
export function photoReviewMode(settings: Pick<StoredSettings, 'photo_review'>): PhotoReviewMode {
  return settings.photo_review ?? 'off';
}

export const SettingsQuerySchema = z
  .object({
    /** The host the client runs on; selects that domain's settings. */
    forced_domain: z.string().max(253).optional(),
  })
  .catchall(z.string());
export type SettingsQuery = z.infer<typeof SettingsQuerySchema>;

export const SettingsResponseSchema = z.object({
  settings: SiteSettingsSchema,
  domain_language: LocaleSchema,
});
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;
