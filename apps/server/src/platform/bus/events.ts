import { z } from 'zod';
import type { Bus } from './index.js';

/**
 * Typed domain events on the bus. Publishers use publishEvent, so only a known event shape can
 * be sent; subscribers parse with the channel's schema, since another process (or version) may
 * have sent what they receive.
 */

/** Likes and matches, for whatever delivers them later (push messages, live badges). */
export const LIKES_CHANNEL = 'likes';

export const LikeEventSchema = z.object({
  type: z.literal('like'),
  liker_id: z.number().int(),
  liked_id: z.number().int(),
  source: z.enum(['profile', 'swipe', 'auto']),
  /** ISO 8601. */
  at: z.string(),
});
export type LikeEvent = z.infer<typeof LikeEventSchema>;

/** Two members liked each other; `member_ids` ascending. */
export const MatchEventSchema = z.object({
  type: z.literal('match'),
  member_ids: z.tuple([z.number().int(), z.number().int()]),
  at: z.string(),
});
export type MatchEvent = z.infer<typeof MatchEventSchema>;

export const LikesChannelEventSchema = z.discriminatedUnion('type', [LikeEventSchema, MatchEventSchema]);
export type LikesChannelEvent = z.infer<typeof LikesChannelEventSchema>;

/** Every channel with its event type. */
export interface BusEvents {
  [LIKES_CHANNEL]: LikesChannelEvent;
}

/** Publishes an event of the channel's own type. */
export function publishEvent<C extends keyof BusEvents>(bus: Bus, channel: C, event: BusEvents[C]): Promise<void> {
  return bus.publish(channel, event);
}
