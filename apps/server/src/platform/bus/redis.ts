import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { HandlerRegistry } from './handlers.js';
import type { Bus } from './index.js';

/** Channel names in Redis carry this prefix so other users of the same Redis are not hit. */
const PREFIX = 'bus:';

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
    let event: unknown;
    try {
      event = JSON.parse(message);
    } catch {
      log.warn({ channel: redisChannel }, 'bus message is not JSON; dropped');
      return;
    }
    void registry.deliver(redisChannel.slice(PREFIX.length), event);
  });

  return {
    async publish(channel, event) {
      await publisher.publish(PREFIX + channel, JSON.stringify(event ?? null));
    },
    async subscribe(channel, handler) {
      if (registry.add(channel, handler)) await subscriber.subscribe(PREFIX + channel);
      return async () => {
        if (registry.remove(channel, handler)) await subscriber.unsubscribe(PREFIX + channel);
      };
    },
    async close() {
      registry.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
