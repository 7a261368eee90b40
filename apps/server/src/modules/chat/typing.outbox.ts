import type { FastifyBaseLogger } from 'fastify';
import { publishEvent, TYPING_CHANNEL, type Typing } from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import type { TypingGate } from './typing.gate.js';

/** Ms the process gathers typing events before it sends them on as one batch. */
export const TYPING_BATCH_MS = 50;

/**
 * Typing events on their way out of this process (decision 0083): gathered for TYPING_BATCH_MS,
 * then put through the gate in one call (one Redis round trip at most) and published as one
 * bus message. A typing event is one frame a second per typist or more, several times the
 * messages, so each costing its own Redis command and bus message made it compete with the
 * messages; gathered, a burst of them is a few batches, sent from a timer after the work at
 * hand, so a message's send and delivery never wait behind them. The indicator's budget
 * (300 ms) holds the batch's wait.
 */
export function createTypingOutbox(deps: { gate: TypingGate; bus: Bus; log: FastifyBaseLogger }) {
  const { gate, bus, log } = deps;
  let queued: Array<{ typing: Typing; at: number }> = [];
  let sent: Promise<void> | null = null;

  async function send(batch: Array<{ typing: Typing; at: number }>): Promise<void> {
    const passed = await gate.pass(
      batch.map(({ typing, at }) => ({ memberId: typing.member_id, conversationId: typing.conversation_id, at })),
    );
    const typing = batch.flatMap((queuedOne, i) => (passed[i] ? [queuedOne.typing] : []));
    if (typing.length === 0) return;
    await publishEvent(bus, TYPING_CHANNEL, { type: 'typing_batch', typing });
  }

  return {
    /**
     * Queues the event, made now (the gate's interval counts from here); resolves once its batch
     * went out (or was dropped: it never rejects).
     */
    add(typing: Typing): Promise<void> {
      queued.push({ typing, at: Date.now() });
      sent ??= new Promise<void>((resolve) => {
        setTimeout(() => {
          const batch = queued;
          queued = [];
          sent = null;
          send(batch)
            .catch((err: unknown) => log.error({ err, type: 'typing' }, 'publishing typing events failed'))
            .finally(resolve);
        }, TYPING_BATCH_MS).unref();
      });
      return sent;
    },
  };
}
