import type { FastifyBaseLogger } from 'fastify';
import { createInProcessBus } from './in-process.js';
import { createRedisBus } from './redis.js';

/** Receives the events of one channel. Events arrive as plain JSON values. */
export type BusHandler = (event: unknown) => void | Promise<void>;

/**
 * Told of every event this process receives, before its handlers run: the channel and the
 * milliseconds since it was published (by the publisher's clock, so across machines it
 * includes their clock difference; never below 0).
 */
export type DeliveryListener = (channel: string, lagMs: number) => void;

/**
 * Live events between server processes (new messages, likes, credit changes): what one
 * process publishes, every process's subscribers receive. Events must be JSON-serialisable;
 * subscribers validate what they receive, since another process (or version) sent it.
 */
export interface Bus {
  publish(channel: string, event: unknown): Promise<void>;
  /** Resolves once the subscription is active; the returned function unsubscribes. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Adds a delivery listener (metrics); the returned function removes it. */
  onDelivery(listener: DeliveryListener): () => void;
  /** Resolves when the bus's connections answer, rejects when one does not (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Redis pub/sub when REDIS_URL is set (many processes), else in-process (one process). */
export function createBus(opts: { redisUrl: string | null; log: FastifyBaseLogger }): Bus {
  return opts.redisUrl ? createRedisBus({ url: opts.redisUrl, log: opts.log }) : createInProcessBus({ log: opts.log });
}

export { createInProcessBus, createRedisBus };
