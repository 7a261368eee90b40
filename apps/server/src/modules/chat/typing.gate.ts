import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Lets one typing event per member and conversation through per interval; see createTypingGate. */
export interface TypingGate {
  /** Whether this typing event goes out: false when one of the pair went out less than an interval ago. */
  pass(memberId: number, conversationId: number): Promise<boolean>;
}

/** Entries kept in memory before expired ones are swept out. */
const SWEEP_AT = 10_000;

/**
 * The typing events' limit (decision 0083). With Redis the interval holds over every process,
 * one `SET NX PX` per event; without it, per process in memory. A Redis failure lets the event
 * through: a few extra typing events are better than none.
 */
export function createTypingGate(deps: {
  redis: Redis | null;
  /** Prefix of the Redis keys (the rate limits' name space). */
  prefix?: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  now?: () => number;
}): TypingGate {
  const { redis, intervalMs, log } = deps;
  const now = deps.now ?? Date.now;
  const until = new Map<string, number>();

  function passInMemory(key: string): boolean {
    const at = now();
    if ((until.get(key) ?? 0) > at) return false;
    if (until.size >= SWEEP_AT) {
      for (const [k, end] of until) if (end <= at) until.delete(k);
    }
    until.set(key, at + intervalMs);
    return true;
  }

  return {
    async pass(memberId, conversationId) {
      const key = `${deps.prefix ?? ''}typing:${memberId}:${conversationId}`;
      if (!redis) return passInMemory(key);
      try {
        return (await redis.set(key, '1', 'PX', intervalMs, 'NX')) === 'OK';
      } catch (err) {
        log.warn({ err }, 'typing gate: redis failed, event let through');
        return true;
      }
    },
  };
}
