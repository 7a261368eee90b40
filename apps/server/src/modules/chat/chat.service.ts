import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Bus } from '../../platform/bus/index.js';
import { isBlockedEitherWay, isFindableMember } from '../members/members.repository.js';
import { findOrCreateConversation, insertMessage, takePendingFirstMessages } from './chat.repository.js';

/** Published on the bus for every delivered message; the live channel and push listen. */
export const MESSAGE_CHANNEL = 'chat.message';
export interface MessageEvent {
  conversationId: number;
  messageId: number;
  senderId: number;
  recipientId: number;
}

export interface ChatServiceDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** Conversations and messages. */
export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: ChatServiceDeps) {
  const { bus, log } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Delivers the first messages a member wrote while signing up through /members/{id}/signup,
     * now that the e-mail address is confirmed (spec section 4). Runs inside the confirmation's
     * transaction, so the account is confirmed and its messages sent together or not at all.
     * A recipient who meanwhile became unreachable (deleted, invisible, disabled, or blocked
     * either way) does not get it. Signup messages cost nothing: they were written before the
     * member could buy credits. Returns the events to publish once the transaction committed.
     */
    async deliverPendingFirstMessages(tx: DbOrTx, memberId: number): Promise<MessageEvent[]> {
      const events: MessageEvent[] = [];
      const at = now();
      for (const pending of await takePendingFirstMessages(tx, memberId)) {
        const reachable =
          (await isFindableMember(tx, pending.recipientId)) &&
          !(await isBlockedEitherWay(tx, memberId, pending.recipientId));
        if (!reachable) continue;
        const conversation = await findOrCreateConversation(tx, memberId, pending.recipientId, memberId);
        const message = await insertMessage(tx, {
          conversationId: conversation.id,
          senderId: memberId,
          body: pending.body,
          at,
        });
        events.push({
          conversationId: conversation.id,
          messageId: message.id,
          senderId: memberId,
          recipientId: pending.recipientId,
        });
      }
      return events;
    },

    /** Announces delivered messages; a bus failure never undoes a delivery. */
    async announce(events: MessageEvent[]): Promise<void> {
      for (const event of events) {
        await bus.publish(MESSAGE_CHANNEL, event).catch((err: unknown) => {
          log.error({ err, conversationId: event.conversationId }, 'publishing a message event failed');
        });
      }
    },
  };
}
