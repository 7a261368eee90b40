import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { TYPING_INTERVAL_MS } from '@app/shared';
import { createTypingGate } from './typing.gate.js';

const log = pino({ level: 'silent' });
const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
afterAll(async () => {
  await redis?.quit();
});

const typist = (memberId: number, conversationId = 1, at = Date.now()) => ({ memberId, conversationId, at });

describe('typing gate', () => {
  it('lets one event per member and conversation through per interval, an earlier one of the same call included', async () => {
    let at = 1_000_000;
    const gate = createTypingGate({
      redis,
      prefix: `test-${randomUUID()}:`,
      intervalMs: TYPING_INTERVAL_MS,
      log,
      now: () => at,
    });
    expect(await gate.pass([typist(1, 1, at), typist(1, 1, at), typist(2, 1, at), typist(1, 2, at)])).toEqual([
      true,
      false,
      true,
      true,
    ]);
    at += TYPING_INTERVAL_MS - 1;
    expect(await gate.pass([typist(1, 1, at)])).toEqual([false]);
    at += 1;
    if (redis) await new Promise((resolve) => setTimeout(resolve, TYPING_INTERVAL_MS));
    expect(await gate.pass([typist(1, 1, at), typist(2, 1, at)])).toEqual([true, true]);
  });

  it('counts the interval from each event, however long it waited for its batch', async () => {
    const prefix = `test-${randomUUID()}:`;
    const gate = createTypingGate({ redis, prefix, intervalMs: TYPING_INTERVAL_MS, log });
    const first = Date.now();
    // The first frame waited out its whole batch; the next, an interval and 30 ms later, none.
    expect(await gate.pass([typist(1, 1, first - 50)])).toEqual([true]);
    if (redis) await new Promise((resolve) => setTimeout(resolve, TYPING_INTERVAL_MS - 20));
    expect(await gate.pass([typist(1, 1, first - 50 + TYPING_INTERVAL_MS + 30)])).toEqual([true]);
    expect(await gate.pass([typist(1, 1, first - 50 + TYPING_INTERVAL_MS + 40)])).toEqual([false]);
  });

  it.skipIf(!redisUrl)(
    'refuses a flood within the interval in memory: only the first event of a window reaches Redis',
    async () => {
      const prefix = `test-${randomUUID()}:`;
      const gate = createTypingGate({ redis, prefix, intervalMs: TYPING_INTERVAL_MS, log });
      expect(await gate.pass([typist(1)])).toEqual([true]);
      const key = `${prefix}typing:1:1`;
      expect(await redis!.pttl(key)).toBeGreaterThan(0);
      // Were the flood's events asked of Redis, the first would find the key gone and pass.
      await redis!.del(key);
      expect(await gate.pass(Array.from({ length: 50 }, () => typist(1)))).toEqual(Array(50).fill(false));
      expect(await redis!.exists(key)).toBe(0);
    },
  );

  it.skipIf(!redisUrl)('holds the interval over every process through Redis', async () => {
    const prefix = `test-${randomUUID()}:`;
    const first = createTypingGate({ redis, prefix, intervalMs: TYPING_INTERVAL_MS, log });
    const second = createTypingGate({ redis, prefix, intervalMs: TYPING_INTERVAL_MS, log });
    expect(await first.pass([typist(1), typist(2)])).toEqual([true, true]);
    expect(await second.pass([typist(2), typist(3), typist(1)])).toEqual([false, true, false]);
  });

  it('lets the events through when Redis fails', async () => {
    // A real client of a port nothing listens on, failing at once rather than queueing.
    const down = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const gate = createTypingGate({
      redis: down,
      prefix: `test-${randomUUID()}:`,
      intervalMs: TYPING_INTERVAL_MS,
      log,
    });
    expect(await gate.pass([typist(1), typist(1), typist(2)])).toEqual([true, false, true]);
    down.disconnect();
  });
});
