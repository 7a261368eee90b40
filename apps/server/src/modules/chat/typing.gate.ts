import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A member typing in a conversation, and when (epoch ms) the server got it. */
export interface Typist {
  memberId: number;
  conversationId: number;
  at: number;
}

/** Lets one typing event per member and conversation through per interval; see createTypingGate. */
export interface TypingGate {
  /**
   * Whether each of these typing events goes out, in their order: false when one of the pair
   * went out less than an interval before it (an earlier one of the same list included). The
   * interval counts from each event's `at`, not from this call: events wait for their batch for
   * different times, and a typist's frames a little over an interval apart were refused when the
   * first waited longer than the next.
   */
  pass(typists: readonly Typist[]): Promise<boolean[]>;
}

/** Entries kept in memory before expired ones are swept out. */
const SWEEP_AT = 10_000;

/**
 * `SET key 1 PX ms NX` for each key with its ARGV, in one command: 1 where the key was set (the
 * event passes), 0 where it stood. One script per batch rather than a pipeline of a command per
 * event: the client builds and parses one command, where a pipeline of thousands a second
 * made a client-side object, promise and reply per event. Its keys need not share a hash slot:
 * the site uses one Redis (REDIS_URL), not a cluster.
 */
const SET_EACH_NX = `local passed = {}
for i, key in ipairs(KEYS) do
  passed[i] = redis.call('SET', key, '1', 'PX', ARGV[i], 'NX') and 1 or 0
end
return passed`;

/**
 * The typing events' limit (decision 0083). The process remembers every pair it let through
 * and refuses its events within the interval without asking anyone, so a flood costs no Redis
 * command; with Redis, what the process would let through is asked of Redis in one command per
 * call (SET_EACH_NX), so the interval holds over every process. A Redis failure lets the events
 * through: a few extra typing events are better than none.
 */
export function createTypingGate(deps: {
  redis: Redis | null;
  /** Prefix of the Redis keys (the rate limits' name space). */
  prefix?: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** The clock of the events' `at`. */
  now?: () => number;
}): TypingGate {
  const { redis, intervalMs, log } = deps;
  const now = deps.now ?? Date.now;
  const until = new Map<string, number>();

  function passInMemory(key: string, at: number): boolean {
    if ((until.get(key) ?? 0) > at) return false;
    if (until.size >= SWEEP_AT) {
      for (const [k, end] of until) if (end <= at) until.delete(k);
    }
    until.set(key, at + intervalMs);
    return true;
  }

  return {
    async pass(typists) {
      const keys = typists.map((t) => `${deps.prefix ?? ''}typing:${t.memberId}:${t.conversationId}`);
      const passed = keys.map((key, i) => passInMemory(key, typists[i]!.at));
      const asked = keys.flatMap((key, i) => (passed[i] ? [i] : []));
      if (!redis || asked.length === 0) return passed;
      try {
        const at = now();
        // What is left of each event's window: Redis's own clock never enters it.
        const windows = asked.map((i) => Math.max(1, typists[i]!.at + intervalMs - at));
        const replies = await redis.eval(SET_EACH_NX, asked.length, ...asked.map((i) => keys[i]!), ...windows);
        if (!Array.isArray(replies)) throw new Error('typing gate: unexpected reply from redis');
        asked.forEach((i, n) => (passed[i] = replies[n] === 1));
      } catch (err) {
        log.warn({ err }, 'typing gate: redis failed, events let through');
      }
      return passed;
    },
  };
}
