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
 * The typing events' limit (decision 0083). The process remembers every pair it let through
 * and refuses its events within the interval without asking anyone, so a flood costs no Redis
 * command; with Redis, what the process would let through is asked of Redis in one pipeline of
 * `SET NX PX` per call, so the interval holds over every process. A Redis failure lets the events
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
        const pipeline = redis.pipeline();
        const at = now();
        // What is left of each event's window: Redis's own clock never enters it.
        for (const i of asked) pipeline.set(keys[i]!, '1', 'PX', Math.max(1, typists[i]!.at + intervalMs - at), 'NX');
        const replies = (await pipeline.exec()) ?? [];
        asked.forEach((i, n) => {
          const [err, reply] = replies[n] ?? [null, 'OK'];
          if (err) log.warn({ err }, 'typing gate: redis failed, event let through');
          passed[i] = err !== null || reply === 'OK';
        });
      } catch (err) {
        log.warn({ err }, 'typing gate: redis failed, events let through');
      }
      return passed;
    },
  };
}
