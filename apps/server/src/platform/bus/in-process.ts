import type { FastifyBaseLogger } from 'fastify';
import { HandlerRegistry } from './handlers.js';
import type { Bus } from './index.js';

/**
 * The bus of a single process (embedded default). Events are copied through JSON and
 * delivered asynchronously, exactly as over Redis, so code that works here works scaled out.
 */
export function createInProcessBus(opts: { log: FastifyBaseLogger }): Bus {
  const registry = new HandlerRegistry(opts.log);
  let closed = false;
  return {
    async publish(channel, event) {
      if (closed) throw new Error('bus closed');
      const copy: unknown = JSON.parse(JSON.stringify(event ?? null));
      const publishedAt = Date.now();
      setImmediate(() => void registry.deliver(channel, copy, publishedAt));
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('bus closed');
      registry.add(channel, handler);
      return async () => {
        registry.remove(channel, handler);
      };
    },
    onDelivery(listener) {
      return registry.listen(listener);
    },
    async ping() {
      if (closed) throw new Error('bus closed');
    },
    async close() {
      closed = true;
      registry.clear();
    },
  };
}
