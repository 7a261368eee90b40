/**
 * Operator console contract, content part: the site-run (fictional) profiles and the photo
 * review queue. Both need the 'content' permission (admin, moderator); every change writes an
 * audit_log entry. Errors and the staff session work as in schemas/admin.ts.
 *
 * Site-run profiles are members with `fictional = true`, created only here; they can never be
 * created without the flag, and everywhere members see them the fictional icon and warning
 * show (the presenters send `fictional: true`).
 *
 * Endpoints
 * - GET  /api/admin/site-profiles.php?before=  -> SiteProfileListResponse (newest first, with
 *     how many of each profile's conversations wait for an answer).
 * - GET  /api/admin/site-profile.php?id=  -> SiteProfileResponse. 404 unless a site-run profile.
 * - POST /api/admin/site-profile.php  SiteProfileCreateBody -> SiteProfileResponse (201): a
 *     confirmed member of `domain` without credits and with an unusable password. 400
 *     validation_failed with `fields` as PUT /api/profile.php (min_age, countries, region).
 * - PUT  /api/admin/site-profile.php  SiteProfileUpdateBody -> SiteProfileResponse (partial).
 * - POST /api/admin/site-profile-photo.php?id=  multipart/form-data, file field `file` ->
 *     PhotosResponse: the members' upload pipeline (checked, re-encoded, photo limit).
 * - POST /api/admin/site-profile-photos.php  SiteProfilePhotosBody -> PhotosResponse (main, order).
 * - POST /api/admin/site-profile-photo-delete.php  SiteProfilePhotoDeleteBody -> PhotosResponse.
 * - GET  /api/admin/photo-review.php?after=  -> PhotoReviewQueueResponse: photos waiting for
 *     review ('pending': hidden until approved; 'pending_live': shown already), oldest first.
 * - POST /api/admin/photo-review.php  PhotoReviewDecisionBody -> { ok: true }. Approve: shown
 *     to everyone. Reject: the photo and its files are deleted; when it was the main photo the
 *     next one becomes main. 404 photo_not_found when it no longer waits.
 */
import { z } from 'zod';
import { IdSchema, QueryIdSchema, text } from './common.js';
import { PhotoSchema, ProfileOptionsSchema, ProfileUpdateBodySchema } from './profiles.js';
import { GenderSchema, SexualitySchema } from './user.js';

/** One site-run profile in the console's list. */
export const SiteProfileListItemSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  name: z.string(),
  gender: GenderSchema,
  age: z.number().int(),
  country: z.string(),
  city: z.string().nullable(),
  /** The main photo's thumbnail URL, or null without photos. */
  thumb_url: z.string().nullable(),
  /** Conversations with messages the profile has not answered yet (the inbox). */
  waiting: z.number().int().nonnegative(),
  /** Always true: these are site-run profiles. */
  fictional: z.literal(true),
});
export type SiteProfileListItem = z.infer<typeof SiteProfileListItemSchema>;

export const SiteProfileListQuerySchema = z.object({
  /** Paging: profiles with a lower id than this. */
  before: QueryIdSchema.optional(),
});
export type SiteProfileListQuery = z.infer<typeof SiteProfileListQuerySchema>;

export const SiteProfileListResponseSchema = z.object({
  profiles: z.array(SiteProfileListItemSchema),
  /** The `before` of the next page, or null at the end. */
  next: z.number().int().nullable(),
});
export type SiteProfileListResponse = z.infer<typeof SiteProfileListResponseSchema>;

/** A site-run profile with every field the console edits. */
export const SiteProfileSchema = ProfileOptionsSchema.extend({
  id: z.number().int(),
  domain: z.string(),
  fictional: z.literal(true),
  name: z.string(),
  gender: GenderSchema,
  sexuality: SexualitySchema,
  birth_date: z.string(),
  age: z.number().int(),
  about: z.string(),
  country: z.string(),
  region_id: z.number().int().nullable(),
  city: z.string().nullable(),
  interests: z.array(z.number().int()),
  photos: z.array(PhotoSchema),
  photo_limit: z.number().int(),
  waiting: z.number().int().nonnegative(),
});
export type SiteProfile = z.infer<typeof SiteProfileSchema>;

export const SiteProfileResponseSchema = z.object({ profile: SiteProfileSchema });
export type SiteProfileResponse = z.infer<typeof SiteProfileResponseSchema>;

export const SiteProfileQuerySchema = z.object({ id: QueryIdSchema });
export type SiteProfileQuery = z.infer<typeof SiteProfileQuerySchema>;

/** A new site-run profile: the profile's own fields are required, the rest optional. */
export const SiteProfileCreateBodySchema = ProfileUpdateBodySchema.required({
  name: true,
  gender: true,
  sexuality: true,
  birth_date: true,
  country: true,
}).extend({
  /** The site it belongs to (a domain of site_settings). */
  domain: text().trim().min(1).max(253),
});
export type SiteProfileCreateBody = z.infer<typeof SiteProfileCreateBodySchema>;

/** Changes to a site-run profile: as PUT /api/profile.php, with the profile's id. */
export const SiteProfileUpdateBodySchema = ProfileUpdateBodySchema.extend({ id: IdSchema });
export type SiteProfileUpdateBody = z.infer<typeof SiteProfileUpdateBodySchema>;

export const SiteProfilePhotosBodySchema = z.object({
  id: IdSchema,
  main: IdSchema.optional(),
  order: z.array(IdSchema).max(100).optional(),
});
export type SiteProfilePhotosBody = z.infer<typeof SiteProfilePhotosBodySchema>;

export const SiteProfilePhotoDeleteBodySchema = z.object({ id: IdSchema, photo_id: IdSchema });
export type SiteProfilePhotoDeleteBody = z.infer<typeof SiteProfilePhotoDeleteBodySchema>;

/** A photo waiting in the review queue. */
export const ReviewPhotoSchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  domain: z.string(),
  /** 'pending': hidden from others until approved; 'pending_live': already shown. */
  review: z.enum(['pending', 'pending_live']),
  is_main: z.boolean(),
  /** ISO time of the upload. */
  created_at: z.string(),
  url: z.string(),
  thumb_url: z.string(),
});
export type ReviewPhoto = z.infer<typeof ReviewPhotoSchema>;

export const PhotoReviewQueueQuerySchema = z.object({
  /** Paging cursor from the previous page's `next`. */
  after: text().max(80).optional(),
});
export type PhotoReviewQueueQuery = z.infer<typeof PhotoReviewQueueQuerySchema>;

export const PhotoReviewQueueResponseSchema = z.object({
  photos: z.array(ReviewPhotoSchema),
  /** The `after` of the next page, or null at the end. */
  next: z.string().nullable(),
});
export type PhotoReviewQueueResponse = z.infer<typeof PhotoReviewQueueResponseSchema>;

export const PhotoReviewDecisionBodySchema = z.object({
  photo_id: IdSchema,
  decision: z.enum(['approve', 'reject']),
});
export type PhotoReviewDecisionBody = z.infer<typeof PhotoReviewDecisionBodySchema>;
