import { LIVE_CATCH_UP_LIMIT, type LiveEvent } from '@app/shared';
import type { Db } from '../../db/client.js';
import { presentMessage } from '../chat/chat.presenter.js';
import { messagesAfter, newestMessageId, sessionExists } from './live.repository.js';
import { catchUpEvents } from './live.rules.js';

/** The live channel's database side: what a (re)connecting tab is sent first. */
export type LiveService = ReturnType<typeof createLiveService>;

export function createLiveService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Whether the session a tab was opened on still exists (see the live route). */
    sessionActive(sessionId: string): Promise<boolean> {
      return sessionExists(db, sessionId);
    },

    /**
     * The events a new tab starts with (schemas/live.ts): without `after` only `hello`; with it
     * first the member's messages newer than `after`, oldest first, or `resync` when more than
     * LIVE_CATCH_UP_LIMIT were missed. `hello` names the newest message id, never one below
     * what the catch-up sent (the two reads may see different commits).
     */
    async firstEvents(memberId: number, after: number | undefined, cdnPrefix: string): Promise<LiveEvent[]> {
      if (after === undefined) return [{ type: 'hello', last_message_id: await newestMessageId(db, memberId) }];
      const [missed, newest] = await Promise.all([
        messagesAfter(db, memberId, after, LIVE_CATCH_UP_LIMIT + 1),
        newestMessageId(db, memberId),
      ]);
      const events = catchUpEvents(
        missed.map((row) => presentMessage(row, memberId, cdnPrefix)),
        LIVE_CATCH_UP_LIMIT,
      );
      const lastMessageId = Math.max(newest, ...missed.map((row) => row.id));
      return [...events, { type: 'hello', last_message_id: lastMessageId }];
    },
  };
}
