import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
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

  it("tells delivery listeners each event's channel and lag, without the stamp in the event", async () => {
    bus = createInProcessBus({ log });
    const lags: Array<[string, number]> = [];
    const off = bus.onDelivery((channel, lagMs) => void lags.push([channel, lagMs]));
    const sub = await nextEvent(bus, 'chat');
    await bus.publish('chat', { type: 'read' });
    expect(await sub.event).toEqual({ type: 'read' });
    expect(lags).toHaveLength(1);
    expect(lags[0]![0]).toBe('chat');
    expect(lags[0]![1]).toBeGreaterThanOrEqual(0);
    expect(lags[0]![1]).toBeLessThan(1000);
    off();
    await bus.publish('chat', { type: 'read' });
    await new Promise((r) => setTimeout(r, 10));
    expect(lags).toHaveLength(1);
    await expect(bus.ping()).resolves.toBeUndefined();
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

  it('stamps events in an envelope for the lag, delivers bare events of an older process, and answers ping', async () => {
    const a = createRedisBus({ url: redisUrl!, log });
    const b = createRedisBus({ url: redisUrl!, log });
    buses.push(a, b);
    const channel = `test:${process.pid}:${Date.now()}:lag`;
    const lags: Array<[string, number]> = [];
    b.onDelivery((c, lagMs) => void lags.push([c, lagMs]));
    const seen: unknown[] = [];
    await b.subscribe(channel, (e) => void seen.push(e));
    await a.publish(channel, { type: 'like', at: 'x' });
    const older = new Redis(redisUrl!);
    await older.publish(`bus:${channel}`, JSON.stringify({ type: 'match' }));
    await older.quit();
    await expect.poll(() => seen).toEqual([{ type: 'like', at: 'x' }, { type: 'match' }]);
    expect(lags).toHaveLength(1);
    expect(lags[0]![0]).toBe(channel);
    expect(lags[0]![1]).toBeLessThan(1000);
    await expect(b.ping()).resolves.toBeUndefined();
  });
});
