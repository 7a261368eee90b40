import type { FastifyBaseLogger } from 'fastify';
import type { BusHandler } from './index.js';

/**
 * The subscribers of each channel. Shared by both buses so delivery behaves the same: every
 * handler runs, and a failing handler is logged without stopping the others.
 */
export class HandlerRegistry {
  private readonly channels = new Map<string, Set<BusHandler>>();

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
  }

  /** Runs every handler of the channel with the event. */
  async deliver(channel: string, event: unknown): Promise<void> {
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
