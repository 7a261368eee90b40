/**
 * Verified photos contract (issue 23, decision 0084).
 *
 * Endpoints (member)
 * - GET  /api/verification.php -> VerificationResponse: the member's state and, while they may
 *     ask, the pose to take (chosen by the server, the same until the next request).
 * - POST /api/verification.php multipart/form-data, one file field `file` (the selfie) ->
 *     VerificationResponse with status 'pending'. The selfie is held to the profile photo rules
 *     (415 photo_not_image, 413 photo_too_large, 422 photo_corrupt / photo_too_small /
 *     photo_dimensions_too_large); 409 verification_pending while a request waits, 409
 *     verification_already_verified while the badge holds, 409 verification_needs_photo without
 *     a photo to compare with. A refused request changes nothing.
 *
 * Endpoints (console, permission 'content': admins and moderators)
 * - GET  /api/admin/verification.php?after= -> VerificationQueueResponse: waiting requests, oldest
 *     first, VERIFICATION_QUEUE_PAGE at a time; `next_after` is the next page's `after` (null on
 *     the last page). 400 validation_failed for an `after` that is not a positive whole number.
 * - GET  /api/admin/verification-selfie.php?id= -> the selfie (image/webp, no-store); 404 once
 *     decided, since a decision erases it.
 * - POST /api/admin/verification.php VerificationDecisionBody -> { ok: true }. Approve: the badge,
 *     against the member's main photo (409 verification_needs_photo without one). Reject: with a
 *     reason the member reads. Either erases the selfie, is audited and tells the member (e-mail
 *     and push, kind 'verification'). 404 verification_not_found when not waiting (any more).
 *
 * The outcome in the app (member): a decision sets `verification_notice` on GET /api/user.php
 * ('approved' or 'rejected') and sends `verification` on the member's live channel, so open tabs
 * show it at once and a member who was away sees it on their next visit, on every device, until
 * they have seen it:
 * - POST /api/verification-notice.php VerificationNoticeSeenBody -> { ok: true }: the member saw
 *     that outcome (closed the notice, or /profile's panel showed it); it is not shown again. A
 *     notice of another outcome (a newer decision) stays. 400 validation_failed for another body,
 *     403 for visitors. A new request also ends a notice not yet seen.
 *
 * The badge (`verified` on every ProfileCard) holds while the photo it was checked against, the
 * main photo at approval, is still one of the member's photos; deleting it asks for a new request.
 */
import { z } from 'zod';
import { IdSchema, QueryIdSchema, text } from './common.js';

/** The poses a selfie may be asked in; the web words them (member namespace, verification.poses). */
export const VERIFICATION_POSES = [
  'thumb_up_beside_face',
  'left_hand_on_ear',
  'peace_sign',
  'hand_on_chin',
  'three_fingers_up',
  'right_hand_on_forehead',
] as const;
export const VerificationPoseSchema = z.enum(VERIFICATION_POSES);
export type VerificationPose = z.infer<typeof VerificationPoseSchema>;

/** The longest rejection reason a moderator may give. */
export const VERIFICATION_REASON_MAX = 300;

export const VERIFICATION_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VerificationSchema = z.object({
  /**
   * 'none': never asked, or the badge went with its photo; 'pending': waiting for a moderator;
   * 'verified': the badge holds; 'rejected': the last request was refused (see `reason`).
   */
  status: z.enum(VERIFICATION_STATUSES),
  /** The pose to take for a new request; null while one waits or the badge holds. */
  pose: VerificationPoseSchema.nullable(),
  /** The moderator's reason for the last rejection. */
  reason: z.string().nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

export const VerificationResponseSchema = z.object({ verification: VerificationSchema });
export type VerificationResponse = z.infer<typeof VerificationResponseSchema>;

export const VerificationRequestSchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  domain: z.string(),
  pose: VerificationPoseSchema,
  /** ISO time of the request. */
  created_at: z.string(),
  /** The console route serving the selfie to staff only. */
  selfie_url: z.string(),
  /** The member's photos, main first, to compare with. */
  photos: z.array(z.object({ id: z.number().int(), url: z.string(), is_main: z.boolean() })),
});
export type VerificationRequest = z.infer<typeof VerificationRequestSchema>;

/** Waiting requests in one console page: a moderator works through them oldest first. */
export const VERIFICATION_QUEUE_PAGE = 48;

export const VerificationQueueQuerySchema = z.object({
  /** Paging: requests made after this one (request ids grow in the order requests arrive). */
  after: QueryIdSchema.optional(),
});
export type VerificationQueueQuery = z.infer<typeof VerificationQueueQuerySchema>;

export const VerificationQueueResponseSchema = z.object({
  requests: z.array(VerificationRequestSchema),
  next_after: z.number().int().nullable(),
});
export type VerificationQueueResponse = z.infer<typeof VerificationQueueResponseSchema>;

export const VerificationSelfieQuerySchema = z.object({ id: QueryIdSchema });

export const VERIFICATION_OUTCOMES = ['approved', 'rejected'] as const;
/** A decided request's outcome, as the member is told it. */
export const VerificationOutcomeSchema = z.enum(VERIFICATION_OUTCOMES);
export type VerificationOutcome = z.infer<typeof VerificationOutcomeSchema>;

export const VerificationNoticeSeenBodySchema = z.object({ outcome: VerificationOutcomeSchema });
export type VerificationNoticeSeenBody = z.infer<typeof VerificationNoticeSeenBodySchema>;

export const VerificationDecisionBodySchema = z.discriminatedUnion('decision', [
  z.object({ id: IdSchema, decision: z.literal('approve') }),
  z.object({
    id: IdSchema,
    decision: z.literal('reject'),
    reason: text().trim().min(1).max(VERIFICATION_REASON_MAX),
  }),
]);
export type VerificationDecisionBody = z.infer<typeof VerificationDecisionBodySchema>;
