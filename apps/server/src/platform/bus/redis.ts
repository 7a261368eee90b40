import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { HandlerRegistry } from './handlers.js';
import type { Bus } from './index.js';

/** Channel names in Redis carry this prefix so other users of the same Redis are not hit. */
const PREFIX = 'bus:';

/**
 * What goes over Redis: the event with the moment it was published (epoch ms), for the
 * publish-to-delivery lag. The stamp stays in this envelope, out of the typed event that
 * subscribers validate.
 */
interface Envelope {
  bus: 1;
  at: number;
  event: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.bus === 1 && typeof v.at === 'number' && Number.isFinite(v.at) && 'event' in v;
}

/**
 * The bus across processes: Redis pub/sub over two connections, because a connection in
 * subscriber mode cannot publish. ioredis reconnects and resubscribes by itself.
 */
export function createRedisBus(opts: { url: string; log: FastifyBaseLogger }): Bus {
  const { log } = opts;
  const publisher = new Redis(opts.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // No ready check on the subscriber: a SUBSCRIBE sent while the connection is still being set
  // up puts it in subscriber mode, and the ready check's INFO then fails and ends the process.
  const subscriber = new Redis(opts.url, { lazyConnect: false, enableReadyCheck: false });
  const registry = new HandlerRegistry(log);
  for (const [name, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    connection.on('error', (err: Error) => log.error({ err, connection: name }, 'redis bus connection error'));
  }

  subscriber.on('message', (redisChannel: string, message: string) => {
    if (!redisChannel.startsWith(PREFIX)) return;
    let received: unknown;
    try {
      received = JSON.parse(message);
    } catch {
      log.warn({ channel: redisChannel }, 'bus message is not JSON; dropped');
      return;
    }
    // A bare event comes from a process of the version before the envelope (a rolling update).
    const channel = redisChannel.slice(PREFIX.length);
    if (isEnvelope(received)) void registry.deliver(channel, received.event, received.at);
    else void registry.deliver(channel, received, null);
  });

  return {
    async publish(channel, event) {
      const envelope: Envelope = { bus: 1, at: Date.now(), event: event ?? null };
      await publisher.publish(PREFIX + channel, JSON.stringify(envelope));
    },
    async subscribe(channel, handler) {
      if (registry.add(channel, handler)) await subscriber.subscribe(PREFIX + channel);
      return async () => {
        if (registry.remove(channel, handler)) await subscriber.unsubscribe(PREFIX + channel);
      };
    },
    onDelivery(listener) {
      return registry.listen(listener);
    },
    async ping() {
      // Redis answers PING in subscriber mode too.
      await Promise.all([publisher.ping(), subscriber.ping()]);
    },
    async close() {
      registry.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
