import type { FastifyBaseLogger } from 'fastify';
import type { BusHandler, DeliveryListener } from './index.js';

/**
 * The subscribers of each channel. Shared by both buses so delivery behaves the same: every
 * handler runs, and a failing handler is logged without stopping the others.
 */
export class HandlerRegistry {
  private readonly channels = new Map<string, Set<BusHandler>>();
  private readonly listeners = new Set<DeliveryListener>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Adds a handler; true when it is the channel's first. */
  add(channel: string, handler: BusHandler): boolean {
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(handler);
    return first;
  }

  /** Removes a handler; true when the channel has none left. */
  remove(channel: string, handler: BusHandler): boolean {
    const set = this.channels.get(channel);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  channelNames(): string[] {
    return [...this.channels.keys()];
  }

  clear(): void {
    this.channels.clear();
    this.listeners.clear();
  }

  listen(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Runs every handler of the channel with the event, after telling the delivery listeners its
   * lag; `publishedAt` (epoch ms) is null for an event sent without a stamp.
   */
  async deliver(channel: string, event: unknown, publishedAt: number | null): Promise<void> {
    if (publishedAt !== null) {
      const lagMs = Math.max(0, Date.now() - publishedAt);
      for (const listener of this.listeners) listener(channel, lagMs);
    }
    const handlers = [...(this.channels.get(channel) ?? [])];
    await Promise.all(
      handlers.map(async (handler) => {
        try {
          await handler(event);
        } catch (err) {
          this.log.error({ err, channel }, 'bus handler failed');
        }
      }),
    );
  }
}
