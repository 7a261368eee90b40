/**
 * Profile visitors contract (issue 23, part 2).
 *
 * Opening another member's profile (GET /api/member.php?id=) records a visit: one row per pair
 * with its last time and count. Not recorded: a member's own profile, an invisible viewer, a
 * pair with a block either way, and a site-run (fictional) viewer, whom staff answer for. Visits
 * are kept VISITS_KEEP_DAYS after the pair's last one.
 *
 * - GET /api/visitors.php   VisitorsQuery -> VisitorsResponse. Member only (403
 *     authentication_required). The members who opened the viewer's profile, newest visit
 *     first, VISITORS_PAGE_SIZE per page, only those the viewer may still find (findable, no
 *     block either way). A premium (paid) member gets each visitor's card; a free member gets
 *     `visitors: []` and only the counts (no id, name or photo of anyone), with
 *     `premium_required: true`. `total` counts the visitors up to BADGE_CAP + 1, `new_visitors`
 *     those who came since the page was last opened (the top-bar badge, which likes.php also
 *     answers). Opening the first page marks the visitors seen: the next answer's
 *     `new_visitors` is 0. Paging: `next` is an opaque cursor when more follow; send it back as
 *     `before`. 400 validation_failed for a malformed cursor.
 */
import { z } from 'zod';
import { text } from './common.js';
import { ProfileCardSchema } from './members.js';

export const VisitorsQuerySchema = z.object({
  /** The `next` cursor of the previous page. */
  before: text()
    .regex(/^\d{1,17}_\d{1,15}$/)
    .optional(),
});
export type VisitorsQuery = z.infer<typeof VisitorsQuerySchema>;

/** One visitor: their card, when they last came, how often, and whether that is new. */
export const VisitorEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  last_visit: z.string(),
  visits: z.number().int().positive(),
  /** Came since the viewer last opened the visitors page. */
  new: z.boolean(),
  card: ProfileCardSchema,
});
export type VisitorEntry = z.infer<typeof VisitorEntrySchema>;

export const VisitorsResponseSchema = z.object({
  /** Free members see who only after upgrading: their answer holds counts only. */
  premium_required: z.boolean(),
  visitors: z.array(VisitorEntrySchema),
  /** Visitors the viewer may find, counted up to BADGE_CAP + 1. */
  total: z.number().int().nonnegative(),
  /** Of those, how many came since the page was last opened (as before this answer). */
  new_visitors: z.number().int().nonnegative(),
  next: z.string().nullable(),
});
export type VisitorsResponse = z.infer<typeof VisitorsResponseSchema>;
