/**
 * Profiles contract (issue 4): the member's own profile, photos and offline geocoding.
 *
 * Every call below is for a logged-in member only (403 authentication_required otherwise) and
 * answers failures with ErrorResponse (`{ error, message, fields? }`), translated into the
 * request's language. State-changing calls need the request-type header
 * (REQUEST_TYPE_HEADER: REQUEST_TYPE_VALUE).
 *
 * Endpoints
 * - GET    /api/profile.php          -> ProfileResponse `{ profile }` (OwnProfile).
 * - PUT    /api/profile.php          ProfileUpdateBody -> ProfileResponse. Partial: only the fields
 *     sent change; null clears an optional field. 400 validation_failed with `fields`:
 *     name 'name_starts_with_at' / 'name_equals_email' (the member's own e-mail address),
 *     birth_date 'date_of_birth_invalid' / 'date_of_birth_too_young' ({{min_age}}: settings.min_age),
 *     about 'field_too_long' ({{max}}: PROFILE_ABOUT_MAX_LENGTH), options 'field_invalid_option',
 *     country 'country_not_served' (not in settings.countries), region_id 'region_not_in_country'
 *     (the region must belong to the resulting country), interests 'interest_unknown'.
 *     An about text with contact details is held for review: others keep the old one, the
 *     member's own profile shows the new one with `about_held: true`.
 *     Changing the country without sending region_id clears the region. Fields outside the
 *     schema (status, credits, ...) are refused with validation_failed.
 * - POST   /api/photos.php           multipart/form-data with one file field `file` ->
 *     PhotosResponse `{ photos }`. The type is judged by content (JPEG, PNG, WebP, GIF, AVIF),
 *     never by name; the image is re-encoded without any metadata (EXIF, GPS, XMP, ICC) into the
 *     main, thumbnail and match variants. The first photo becomes main. Nothing is stored on failure.
 *     400 photo_missing (no file field); 413 photo_too_large ({{max_mb}}: over PHOTO_MAX_BYTES,
 *     or more than about 40 megapixels);
 *     415 photo_not_image; 422 photo_corrupt (unreadable or truncated); 422 photo_too_small
 *     ({{min}}: PHOTO_MIN_SIDE, the shorter side in pixels); 409 photo_limit_reached
 *     ({{limit}}: FREE_PHOTO_LIMIT, or PREMIUM_PHOTO_LIMIT for paid members); 429 rate_limited
 *     (per member).
 * - PUT    /api/photos.php           PhotosUpdateBody `{ main?, order? }` -> PhotosResponse.
 *     main: the photo that becomes the member's picture; order: every photo id of the member,
 *     each once, in the new order. 404 photo_not_found (main not the member's);
 *     400 validation_failed with fields.order 'photo_order_invalid'.
 * - DELETE /api/photos.php           PhotoDeleteBody `{ id }` -> PhotosResponse. Removes the photo
 *     and its files; when it was main, the first remaining photo becomes main. 404 photo_not_found.
 * - GET    /api/geocode.php?lat=&lon= GeocodeQuery -> GeocodeResponse `{ geocode }`: the nearest
 *     place from a city data set shipped with the server (nothing is fetched at run time).
 *     404 geocode_not_found (no place near, or the country is not served by this site);
 *     400 validation_failed (lat/lon out of range); 429 rate_limited (per member).
 *
 * Photo URLs (filename, thumb_filename, match) are ready for img src: the CDN's (settings.cdn_prefix)
 * or this server's /media/....
 */
import { z } from 'zod';
import { IdSchema, SerialIdSchema, text } from './common.js';
import { PROFILE_ABOUT_MAX_LENGTH, PROFILE_NAME_MAX_LENGTH } from '../constants.js';
import { PROFILE_OPTIONS } from '../profile-options.js';
import { DateOfBirthSchema } from './accounts.js';
import { CountrySchema } from './settings.js';
import { GenderSchema, SexualitySchema } from './user.js';

/** A stored photo of the member, in display order. */
export const PhotoSchema = z.object({
  id: z.number().int(),
  /** 0-based display position. */
  position: z.number().int().nonnegative(),
  /** The member's picture (user.profile.main_image); exactly one photo is main. */
  is_main: z.boolean(),
  /** Main variant URL. */
  filename: z.string(),
  /** Thumbnail URL. */
  thumb_filename: z.string(),
  /** Match-card crop URL. */
  match: z.string(),
  /**
   * Set on the member's own photo while it waits for staff review and others cannot see it yet
   * (settings.photo_review 'before').
   */
  pending_review: z.literal(true).optional(),
});
export type Photo = z.infer<typeof PhotoSchema>;

const option = <K extends keyof typeof PROFILE_OPTIONS>(key: K) => z.enum(PROFILE_OPTIONS[key]);

/** The profile options of spec section 3; null while the member has not chosen. */
export const ProfileOptionsSchema = z.object({
  hair_color: option('hair_color').nullable(),
  eye_color: option('eye_color').nullable(),
  body_type: option('body_type').nullable(),
  relationship_status: option('relationship_status').nullable(),
  tattoos: option('tattoos').nullable(),
  reason: option('reason').nullable(),
});
export type ProfileOptions = z.infer<typeof ProfileOptionsSchema>;

/** The logged-in member's own profile, everything the /profile page edits. */
export const OwnProfileSchema = ProfileOptionsSchema.extend({
  id: z.number().int(),
  name: z.string(),
  gender: GenderSchema,
  sexuality: SexualitySchema,
  /** 'YYYY-MM-DD'. */
  birth_date: z.string(),
  /** Whole years, today. */
  age: z.number().int(),
  /** The text the member wrote; while it waits for review (`about_held`) others still see the old one. */
  about: z.string(),
  /** Set while the new about text is held back for review because it contains contact details. */
  about_held: z.literal(true).optional(),
  country: z.string().length(2),
  /** A region of `country` (/api/regions.php), or null. */
  region_id: z.number().int().nullable(),
  city: z.string().nullable(),
  /** The place's coordinates (from the geocode), never the browser's exact position. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Interest ids (/api/interests.php). */
  interests: z.array(z.number().int()),
  /** In display order (position); which one is the picture says is_main. */
  photos: z.array(PhotoSchema),
  /** How many photos the member may have: FREE_PHOTO_LIMIT, or PREMIUM_PHOTO_LIMIT when paid. */
  photo_limit: z.number().int(),
  status: z.enum(['active', 'disabled']),
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

/** GET and PUT /api/profile.php answer the whole profile. */
export const ProfileResponseSchema = z.object({ profile: OwnProfileSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

const nullableOption = <K extends keyof typeof PROFILE_OPTIONS>(key: K) =>
  z.enum(PROFILE_OPTIONS[key], { error: 'field_invalid_option' }).nullable().optional();

/**
 * PUT /api/profile.php: every field optional. The server adds the rules that need data: name vs.
 * the member's e-mail, settings.min_age, settings.countries, regions and interests.
 */
export const ProfileUpdateBodySchema = z
  .object({
    name: text().trim().min(1).max(PROFILE_NAME_MAX_LENGTH).optional(),
    gender: GenderSchema.optional(),
    sexuality: SexualitySchema.optional(),
    birth_date: DateOfBirthSchema.optional(),
    about: text().trim().max(PROFILE_ABOUT_MAX_LENGTH).optional(),
    country: CountrySchema.optional(),
    region_id: SerialIdSchema.nullable().optional(),
    city: text().trim().max(100).nullable().optional(),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    hair_color: nullableOption('hair_color'),
    eye_color: nullableOption('eye_color'),
    body_type: nullableOption('body_type'),
    relationship_status: nullableOption('relationship_status'),
    tattoos: nullableOption('tattoos'),
    reason: nullableOption('reason'),
    /** The complete new set of interest ids. */
    interests: z.array(SerialIdSchema).max(100).optional(),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

/** POST, PUT and DELETE /api/photos.php answer the member's photos in display order. */
export const PhotosResponseSchema = z.object({ photos: z.array(PhotoSchema) });
export type PhotosResponse = z.infer<typeof PhotosResponseSchema>;

/** PUT /api/photos.php: choose the main photo, reorder, or both. */
export const PhotosUpdateBodySchema = z.object({
  main: IdSchema.optional(),
  /** Every photo id of the member, each once. */
  order: z.array(IdSchema).max(100).optional(),
});
export type PhotosUpdateBody = z.infer<typeof PhotosUpdateBodySchema>;

/** DELETE /api/photos.php */
export const PhotoDeleteBodySchema = z.object({ id: IdSchema });
export type PhotoDeleteBody = z.infer<typeof PhotoDeleteBodySchema>;

/** A query-string coordinate within ±max; an empty value is missing, not 0. */
const degrees = (max: number) => z.string().trim().min(1).pipe(z.coerce.number<string>().min(-max).max(max));

/** GET /api/geocode.php: a browser geolocation position in decimal degrees. */
export const GeocodeQuerySchema = z.object({
  lat: degrees(90),
  lon: degrees(180),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuerySchema>;

/** The place of a position: what the client stores as the geolocation geocode. */
export const GeocodeSchema = z.object({
  country: CountrySchema,
  /** Our region (/api/regions.php) the place lies in, or null when it cannot be told. */
  region_id: z.number().int().nullable(),
  city: z.string(),
  /** The city's coordinates, not the position asked for: a profile never holds an exact location. */
  latitude: z.number(),
  longitude: z.number(),
});
export type Geocode = z.infer<typeof GeocodeSchema>;

export const GeocodeResponseSchema = z.object({ geocode: GeocodeSchema });
export type GeocodeResponse = z.infer<typeof GeocodeResponseSchema>;
