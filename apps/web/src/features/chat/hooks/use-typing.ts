import { TYPING_INTERVAL_MS, TYPING_SHOWN_MS } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../data/query-keys';
import type { TypingState } from '../../../lib/live';
import { sendLiveFrame, showConversation } from '../../../lib/live-sender';
import { sendTyping } from '../api/send-typing';
import { typingShown } from '../rules';

/**
 * Whether the partner is typing in the conversation now: a `typing` event of theirs came less
 * than TYPING_SHOWN_MS ago and their message has not arrived since (the live client clears it).
 */
export function usePartnerTyping(conversationId: number | null, partnerId: number): boolean {
  const { data } = useQuery<TypingState | null>({
    queryKey: queryKeys.typing(conversationId ?? 0),
    // Filled by the live channel only: never fetched.
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  const [now, setNow] = useState(() => Date.now());
  const shown = conversationId !== null && typingShown(data ?? null, partnerId, now);

  useEffect(() => {
    if (!data) return;
    // `now` may be older than the event: the indicator shows until the timer moves it past the end.
    const left = Math.max(0, data.at + TYPING_SHOWN_MS - Date.now());
    const timer = setTimeout(() => setNow(Date.now()), left + 1);
    return () => clearTimeout(timer);
  }, [data]);

  return shown;
}

/**
 * Tells the partner the member is typing, at most once per TYPING_INTERVAL_MS (the server's
 * limit); nothing before the conversation exists. On the open live channel when there is one (no
 * request of its own), else by POST /api/typing.php. A failure only means no indicator.
 */
export function useTypingNotice(conversationId: number | null): () => void {
  const last = useRef(0);
  return useCallback(() => {
    if (conversationId === null) return;
    const now = Date.now();
    if (now - last.current < TYPING_INTERVAL_MS) return;
    last.current = now;
    if (sendLiveFrame({ type: 'typing', conversation_id: conversationId })) return;
    sendTyping(conversationId).catch(() => undefined);
  }, [conversationId]);
}

/**
 * Tells the live channel that the tab shows the conversation while the view is mounted
 * (decision 0087): the partner's typing comes only to the tabs that show it, and a moment-old
 * one at once. Nothing before the conversation exists.
 */
export function useShownConversation(conversationId: number | null): void {
  useEffect(() => (conversationId === null ? undefined : showConversation(conversationId)), [conversationId]);
}
