/**
 * Members contract (issue 4): what a member sees of ANOTHER member, and blocking.
 *
 * Failures answer ErrorResponse (`{ error, message, fields? }`), translated into the request's
 * language. State-changing calls need the request-type header (REQUEST_TYPE_HEADER: REQUEST_TYPE_VALUE).
 *
 * Endpoints
 * - GET    /api/member.php?id=       MemberQuery -> MemberResponse `{ member }` (MemberProfile).
 *     Who may look: a logged-in member; a visitor only when logged-out search is allowed
 *     (settings.logged_out_search, or settings.logged_out_search_trafficsource and the request
 *     carries a traffic source: any non-empty TRACKING_PARAMS value in the query, the same record
 *     signup sends). Otherwise 403 authentication_required. A visitor is treated as a free viewer.
 *     404 not_found, all alike so nothing can be probed: unknown id, deleted account, disabled
 *     profile (unconfirmed or deleted), an invisible member, and a member who blocked the viewer.
 *     Exception: your own id always answers, as others see you (a preview), even when invisible
 *     or disabled. Blocking is one-sided: the blocker still sees whom they blocked
 *     (blocked_by_me true, to offer unblock); the blocked member gets 404.
 *     Photos, the main one first, then display order: a free viewer (or visitor) gets the first
 *     FREE_VIEWER_PHOTOS and `locked_photos` counts the rest (their URLs are never sent); a paid viewer, and
 *     the member viewing themself, gets all, locked_photos 0.
 *     400 validation_failed (id not a positive whole number).
 * - POST   /api/block.php            BlockBody `{ id }` -> BlockResponse `{ blocked: true }`.
 *     Idempotent. 400 cannot_block_self; 404 not_found (same rules as member.php, except that
 *     a member who blocked you can still be blocked back). Member only (403 authentication_required).
 * - DELETE /api/block.php            BlockBody `{ id }` -> BlockResponse `{ blocked: false }`.
 *     Idempotent; unknown ids answer the same. Member only.
 * - GET    /api/blocks.php           -> BlocksResponse `{ members }`: ProfileCards of whom the member
 *     blocked, newest first, deleted accounts left out. Member only.
 *
 * A blocked pair (either direction) never sees each other in lists (related, later search,
 * likes, chats) and cannot contact each other; only the blocker can open the other's profile.
 *
 * Activity: the server notes a member's last activity on their authenticated requests, at most
 * once per LAST_ACTIVE_THROTTLE_MINUTES. `online` means active within ONLINE_MINUTES,
 * `recently_active` within RECENTLY_ACTIVE_HOURS, `active_this_week` within ACTIVE_WEEK_DAYS; the
 * exact time is never sent. Activity is any authenticated request and an open live channel. An invisible
 * member is neither to anyone but themself, wherever others still meet them (their chats, a
 * blocked list): invisible mode hides presence everywhere.
 *
 * Fictional profiles are always marked (`fictional: true`); the client shows
 * settings.fictional_icon and settings.fictional_warning with them wherever they appear.
 */
import { z } from 'zod';
import { IdSchema, QueryIdSchema } from './common.js';
import { TrackingSchema } from './accounts.js';
import { PhotoSchema, ProfileOptionsSchema } from './profiles.js';
import { GenderSchema, SexualitySchema } from './user.js';

/** A member as a card shows them everywhere: search, related profiles, likes, the blocked list. */
export const ProfileCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Whole years, today. */
  age: z.number().int(),
  city: z.string().nullable(),
  /** A region of `country`; the client names it from /api/regions.php. */
  region_id: z.number().int().nullable(),
  country: z.string().length(2),
  /** Main photo's thumbnail URL, or null without a photo (never a locked photo: the main one is first). */
  thumb: z.string().nullable(),
  /** Main photo's match-card crop URL, or null. */
  match: z.string().nullable(),
  /** An operator's profile: show settings.fictional_icon and fictional_warning with it. */
  fictional: z.boolean(),
  /** Active within ONLINE_MINUTES. */
  online: z.boolean(),
  /** Active within RECENTLY_ACTIVE_HOURS (true whenever online is): 'active today'. */
  recently_active: z.boolean(),
  /** Active within ACTIVE_WEEK_DAYS (true whenever recently_active is): 'active this week'. */
  active_this_week: z.boolean(),
  /** The verified badge: a moderator matched a selfie with the main photo, still one of the member's. */
  verified: z.boolean(),
});
export type ProfileCard = z.infer<typeof ProfileCardSchema>;

/** Another member's profile as the viewer may see it. */
export const MemberProfileSchema = ProfileCardSchema.extend(ProfileOptionsSchema.shape).extend({
  gender: GenderSchema,
  sexuality: SexualitySchema,
  about: z.string(),
  /** Interest ids (/api/interests.php). */
  interests: z.array(z.number().int()),
  /** The photos this viewer may see: the picture (is_main) first, then display order. */
  photos: z.array(PhotoSchema),
  /** How many more photos the member has that this viewer may not see (premium unlocks them). */
  locked_photos: z.number().int().nonnegative(),
  /** Whether the viewer blocked this member (always false for a visitor). */
  blocked_by_me: z.boolean(),
  /** Up to RELATED_PROFILES_LIMIT similar members for the viewer, best first. */
  related: z.array(ProfileCardSchema),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;

/** GET /api/member.php: the member's id, plus the visitor's traffic source if any (see above). */
export const MemberQuerySchema = TrackingSchema.extend({ id: QueryIdSchema });
export type MemberQuery = z.infer<typeof MemberQuerySchema>;

export const MemberResponseSchema = z.object({ member: MemberProfileSchema });
export type MemberResponse = z.infer<typeof MemberResponseSchema>;

/** POST and DELETE /api/block.php. */
export const BlockBodySchema = z.object({ id: IdSchema });
export type BlockBody = z.infer<typeof BlockBodySchema>;

/** The block's state after the call. */
export const BlockResponseSchema = z.object({ blocked: z.boolean() });
export type BlockResponse = z.infer<typeof BlockResponseSchema>;

/** GET /api/blocks.php: the members the viewer blocked, newest first. */
export const BlocksResponseSchema = z.object({ members: z.array(ProfileCardSchema) });
export type BlocksResponse = z.infer<typeof BlocksResponseSchema>;
