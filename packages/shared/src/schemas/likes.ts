/**
 * Likes, matches, auto-like and the swipe game contract (issue 5; spec sections 2, 3, 4, 7, 9).
 *
 * Failures answer ErrorResponse (`{ error, message, fields? }`), translated into the request's
 * language. State-changing calls need the request-type header (REQUEST_TYPE_HEADER: REQUEST_TYPE_VALUE).
 * Every endpoint here is for logged-in members only: visitors get 403 authentication_required.
 *
 * A like in both directions is a match. Lists never show the member themself, invisible, deleted
 * or disabled (unconfirmed or deleted) members, nor a member either side has blocked. An
 * unconfirmed member may like (the spec only keeps them from replying to messages), but their
 * profile is disabled, so the like shows up at the other member's only once they confirm.
 *
 * Endpoints
 * - POST   /api/like.php          LikeBody `{ id }` -> LikeResponse `{ liked: true, match }`.
 *     Idempotent: liking again keeps the first like (and its new flag). `match` is true when the
 *     other member liked the viewer too. 400 cannot_like_self; 404 not_found, all alike: unknown
 *     id, deleted, disabled or invisible member, or a block between the two either way.
 * - DELETE /api/like.php          LikeBody `{ id }` -> LikeResponse `{ liked: false, match: false }`.
 *     Idempotent; unknown ids answer the same. The other member's like (if any) stays.
 * - GET    /api/likes.php         LikesQuery -> LikesResponse. The spec's `profiles` (given) and
 *     `liked_by` (received), each entry `{ id, like_new, match, card }`, newest like first, plus
 *     `matches` (mutual likes, newest match first), `new_likes` (received likes not yet seen, for
 *     the top-bar badge; it counts every such like, not only the page sent, up to BADGE_CAP + 1)
 *     `new_visitors` (the visitors badge: see schemas/visits.ts) and paging cursors.
 *     `like_new` is true while the liked member has not opened the liker's profile: on `liked_by`
 *     it is the viewer's own new like; on `profiles` whether the other has not seen it yet.
 *     Paging: each list holds at most LIKES_PAGE_SIZE entries; `next` holds an opaque cursor per
 *     list when more follow, else null. To load more, send `list` (given, received or matches)
 *     and `before` (that list's cursor): only that list is filled then, the other two are empty,
 *     and `new_likes` is still the full count. 400 validation_failed for a malformed cursor.
 * - POST   /api/likes-seen.php    LikeBody `{ id }` -> OkResponse. Marks the like the viewer
 *     received from member `id` as seen (like_new false). Idempotent; nothing happens when there
 *     is no such like. Opening the liker's profile (GET /api/member.php?id=) does the same by
 *     itself: the client needs this call only to clear a flag without opening the profile.
 * - GET    /api/auto-like.php     -> AutoLikeResponse `{ profile: ProfileCard | null }`.
 *     A fictional profile (always `fictional: true`) likes the member when they received no like
 *     in the last AUTO_LIKE_QUIET_HOURS hours: one with a photo, compatible both ways (each is a
 *     gender the other seeks), from the member's country when there is one. At most one
 *     auto-like per member per calendar day (the member's time zone, COUNTRY_TIME_ZONES):
 *     calling again that day answers the same profile, or null once it is no longer there.
 *     Null too when the member is not eligible (unconfirmed, disabled or invisible profile) or no
 *     profile fits. The client reloads likes AUTO_LIKE_RELOAD_DELAY ms after a non-null answer.
 * - GET    /api/swipe.php         -> SwipeCardsResponse `{ cards, likes_left, limit }`.
 *     Up to SWIPE_CARDS_LIMIT cards for the swipe game: findable members compatible both ways,
 *     not yet swiped, not liked by the viewer, no block either way; with a photo and from the
 *     viewer's country first. `limit` is SWIPE_LIKES_PER_DAY, `likes_left` what is left today.
 * - POST   /api/swipe.php         SwipeBody `{ id, action }` -> SwipeResponse `{ likes_left, match }`.
 *     'like' also likes the member (as POST /api/like.php would) and counts towards the daily
 *     limit; 'pass' is unlimited. The day is the member's calendar day in their country's time
 *     zone. At the limit a like answers 409 swipe_limit_reached and stores nothing. Deciding on
 *     a card twice changes nothing (the first decision stays, nothing is counted again).
 *     400 cannot_like_self; 404 not_found as for like.php.
 *
 * Live events: a like and a new match are published on the server's bus (a later push or chat
 * module delivers them); nothing here needs a socket.
 */
import { z } from 'zod';
import { IdSchema, text } from './common.js';
import { ProfileCardSchema } from './members.js';

/** POST and DELETE /api/like.php, POST /api/likes-seen.php. */
export const LikeBodySchema = z.object({ id: IdSchema });
export type LikeBody = z.infer<typeof LikeBodySchema>;

/** The like's state after the call; `match` when both liked each other. */
export const LikeResponseSchema = z.object({ liked: z.boolean(), match: z.boolean() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

/** The lists of /api/likes.php: given (`profiles`), received (`liked_by`) and mutual. */
export const LikesListSchema = z.enum(['given', 'received', 'matches']);
export type LikesList = z.infer<typeof LikesListSchema>;

/** GET /api/likes.php: the first page of every list, or the next page of one list. */
export const LikesQuerySchema = z
  .object({
    list: LikesListSchema.optional(),
    /** The `next` cursor of `list` from the previous answer. */
    before: text()
      .regex(/^\d{1,17}_\d{1,15}$/)
      .optional(),
  })
  .refine((q) => (q.list === undefined) === (q.before === undefined), {
    message: 'list and before go together',
    path: ['before'],
  });
export type LikesQuery = z.infer<typeof LikesQuerySchema>;

/** One like in a list, with the other member's card. */
export const LikeEntrySchema = z.object({
  /** The other member. */
  id: z.number().int(),
  /** Not yet seen by the liked member (see the header). */
  like_new: z.boolean(),
  /** Both liked each other. */
  match: z.boolean(),
  card: ProfileCardSchema,
});
export type LikeEntry = z.infer<typeof LikeEntrySchema>;

export const LikesResponseSchema = z.object({
  /** Members the viewer liked, newest first. */
  profiles: z.array(LikeEntrySchema),
  /** Members who liked the viewer, newest first. */
  liked_by: z.array(LikeEntrySchema),
  /** Mutual likes, newest match first; `like_new` is that of the like the viewer received. */
  matches: z.array(LikeEntrySchema),
  /**
   * Received likes not yet seen, over all of them but counted up to BADGE_CAP + 1 only: the
   * badge shows 99+ from there on.
   */
  new_likes: z.number().int().nonnegative(),
  /**
   * Visitors since the member last opened /visitors (GET /api/visitors.php), counted as
   * new_likes is: the badge beside the likes badge rides on the same poll.
   */
  new_visitors: z.number().int().nonnegative(),
  /** Cursor of each list's next page, null when the list is complete. */
  next: z.object({
    given: z.string().nullable(),
    received: z.string().nullable(),
    matches: z.string().nullable(),
  }),
});
export type LikesResponse = z.infer<typeof LikesResponseSchema>;

/** GET /api/auto-like.php. */
export const AutoLikeResponseSchema = z.object({ profile: ProfileCardSchema.nullable() });
export type AutoLikeResponse = z.infer<typeof AutoLikeResponseSchema>;

/** GET /api/swipe.php. */
export const SwipeCardsResponseSchema = z.object({
  cards: z.array(ProfileCardSchema),
  /** Likes the member may still give in the game today. */
  likes_left: z.number().int().nonnegative(),
  /** SWIPE_LIKES_PER_DAY. */
  limit: z.number().int().positive(),
});
export type SwipeCardsResponse = z.infer<typeof SwipeCardsResponseSchema>;

export const SwipeActionSchema = z.enum(['like', 'pass']);
export type SwipeAction = z.infer<typeof SwipeActionSchema>;

/** POST /api/swipe.php. */
export const SwipeBodySchema = z.object({ id: IdSchema, action: SwipeActionSchema });
export type SwipeBody = z.infer<typeof SwipeBodySchema>;

export const SwipeResponseSchema = z.object({
  likes_left: z.number().int().nonnegative(),
  /** The like made a match (always false for a pass). */
  match: z.boolean(),
});
export type SwipeResponse = z.infer<typeof SwipeResponseSchema>;
