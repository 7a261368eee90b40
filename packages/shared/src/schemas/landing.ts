/**
 * Landing contract (issue 9): the members shown on the landing pages.
 *
 * Endpoints
 * - GET /api/lander.php  LanderQuery -> LanderResponse `{ niche, members, member, counts }`.
 *     Open to everyone (landers are for visitors), answered from a short server-side cache, so
 *     ad traffic costs the database nothing per visit. `niche` (1..7) selects the member pool;
 *     without it, settings.niche. Pools: 1 everyone, 2 she (women who seek women), 3 bdsm
 *     (everyone), 4 bbw (women with a curvy or full figure), 5 gilf (women 60 and older), 6 milf
 *     (women 35 to 55), 7 gay (men who seek men). A pool with too few members is topped up from
 *     the niche's gender, then from everyone, so a lander is never empty on a young site.
 *     `members`: up to LANDER_MEMBERS_LIMIT ProfileCards with a main photo, online first, then
 *     most recently active; the same exclusions as search (invisible, deleted, disabled).
 *     `member`: with `member_id` (the /members/{id}/landing pages), that member's card, or null
 *     when they cannot be shown (unknown, invisible, deleted, disabled); never in `members`.
 *     `counts`: the pool's active members, those online now and those who joined in the last
 *     24 hours (whole numbers, for "12,345 singles" claims that are true); a count under its
 *     LANDER_COUNT_MINIMUMS is 0, which the page leaves out.
 *     400 validation_failed: niche outside 1..7, member_id not a positive whole number.
 *
 * The landing pages' HTML is also rendered by the server (title, description, headline, text
 * and the members' names), so search engines and slow phones get the content before the app.
 */
import { z } from 'zod';
import { QueryIdSchema, text } from './common.js';
import { ProfileCardSchema } from './members.js';

/** Members a lander shows at most. */
export const LANDER_MEMBERS_LIMIT = 24;

export const LanderQuerySchema = z.object({
  niche: text()
    .trim()
    .regex(/^[1-7]$/)
    .pipe(z.coerce.number<string>().int())
    .optional(),
  member_id: QueryIdSchema.optional(),
});
export type LanderQuery = z.infer<typeof LanderQuerySchema>;

export const LanderCountsSchema = z.object({
  members: z.number().int().nonnegative(),
  online: z.number().int().nonnegative(),
  today: z.number().int().nonnegative(),
});
export type LanderCounts = z.infer<typeof LanderCountsSchema>;

export const LanderResponseSchema = z.object({
  niche: z.number().int().min(1).max(7),
  members: z.array(ProfileCardSchema),
  member: ProfileCardSchema.nullable(),
  counts: LanderCountsSchema,
});
export type LanderResponse = z.infer<typeof LanderResponseSchema>;
