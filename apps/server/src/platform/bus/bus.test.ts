import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createInProcessBus, createRedisBus, type Bus } from './index.js';

const log = pino({ level: 'silent' });
const redisUrl = process.env.REDIS_URL;

/** Resolves with the first event a handler receives, or rejects after a timeout. */
function nextEvent(bus: Bus, channel: string): Promise<{ event: Promise<unknown>; unsubscribe: () => Promise<void> }> {
  let resolve!: (value: unknown) => void;
  const event = new Promise<unknown>((r, reject) => {
    resolve = r;
    setTimeout(() => reject(new Error('no event within 2 s')), 2000).unref();
  });
  return bus.subscribe(channel, (e) => resolve(e)).then((unsubscribe) => ({ event, unsubscribe }));
}

describe('in-process bus', () => {
  let bus: Bus;
  afterEach(async () => bus.close());

  it('delivers a copy of each event to every subscriber of the channel, asynchronously', async () => {
    bus = createInProcessBus({ log });
    const a = await nextEvent(bus, 'chat:1');
    const b = await nextEvent(bus, 'chat:1');
    const other: unknown[] = [];
    await bus.subscribe('chat:2', (e) => void other.push(e));
    const sent = { type: 'message', id: 7 };
    await bus.publish('chat:1', sent);
    const received = await a.event;
    expect(received).toEqual(sent);
    expect(received).not.toBe(sent);
    expect(await b.event).toEqual(sent);
    expect(other).toEqual([]);
  });

  it('stops delivering after unsubscribe, and keeps going when a handler throws', async () => {
    bus = createInProcessBus({ log });
    const seen: unknown[] = [];
    const off = await bus.subscribe('c', (e) => void seen.push(e));
    await bus.subscribe('c', () => {
      throw new Error('boom');
    });
    await bus.publish('c', 1);
    await new Promise((r) => setTimeout(r, 10));
    await off();
    await bus.publish('c', 2);
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([1]);
  });
});

describe.runIf(redisUrl)('redis bus', () => {
  const buses: Bus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });

  it('publishes from one process to the subscribers of another', async () => {
    const a = createRedisBus({ url: redisUrl!, log });
    const b = createRedisBus({ url: redisUrl!, log });
    buses.push(a, b);
    const channel = `test:${process.pid}:${Date.now()}`;
    const sub = await nextEvent(b, channel);
    await a.publish(channel, { type: 'like', from: 3 });
    expect(await sub.event).toEqual({ type: 'like', from: 3 });
  });

  it('stops delivering after unsubscribe', async () => {
    const a = createRedisBus({ url: redisUrl!, log });
    const b = createRedisBus({ url: redisUrl!, log });
    buses.push(a, b);
    const channel = `test:${process.pid}:${Date.now()}:off`;
    const seen: unknown[] = [];
    const off = await b.subscribe(channel, (e) => void seen.push(e));
    await a.publish(channel, 1);
    await new Promise((r) => setTimeout(r, 100));
    await off();
    await a.publish(channel, 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([1]);
  });
});
