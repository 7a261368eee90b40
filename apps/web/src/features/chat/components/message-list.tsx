import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n';
import type { ChatMessage } from '../api/contract';
import { dayKind, groupByDay, seenMessageId } from '../rules';
import { MessageBubble, PendingBubble, type PendingMessage } from './message-bubble';

/** Within this many pixels of the end the member reads the newest messages, and new ones scroll in. */
const NEAR_END = 96;

export interface OlderMessages {
  /** Whether the server has older messages than the loaded ones. */
  has: boolean;
  loading: boolean;
  load: () => void;
}

interface MessageListProps {
  partner: string;
  /** The loaded messages, oldest first. */
  messages: ChatMessage[];
  pending: PendingMessage[];
  older: OlderMessages;
  /** What a chat without messages shows instead. */
  empty: ReactNode;
  /** When the partner last read the conversation (ChatResponse.seen_at). */
  seenAt: string | null;
}

/**
 * The conversation, newest at the bottom and grouped by day. Older messages load when the
 * member scrolls to the top (or presses the button there), and the messages in view stay put
 * as they arrive above; new messages scroll into view when the member was reading the end.
 */
export function MessageList({ partner, messages, pending, older, empty, seenAt }: MessageListProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;
  const now = new Date();
  const seenId = seenMessageId(messages, seenAt);

  function loadOlder() {
    const scroller = scrollRef.current;
    if (!older.has || older.loading) return;
    if (scroller) anchor.current = { height: scroller.scrollHeight, top: scroller.scrollTop };
    older.load();
  }

  // Older messages arrived above: keep the ones the member was reading where they were.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || !anchor.current) return;
    scroller.scrollTop = scroller.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [firstId]);

  // A new message at the end (or the first page): into view, unless the member scrolled up to read.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (scroller && atEnd.current) scroller.scrollTop = scroller.scrollHeight;
  }, [lastId, pending.length]);

  useEffect(() => {
    const target = topRef.current;
    if (!target || !older.has || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder();
      },
      { root: scrollRef.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  });

  function handleScroll() {
    const scroller = scrollRef.current;
    if (scroller) atEnd.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_END;
  }

  return (
    <div ref={scrollRef} className="chat-scroll" onScroll={handleScroll}>
      {older.has && (
        <div ref={topRef} className="chat-older">
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={loadOlder} disabled={older.loading}>
            {older.loading ? t('chat.loadingOlder') : t('chat.loadOlder')}
          </button>
        </div>
      )}
      {messages.length === 0 && pending.length === 0 ? (
        empty
      ) : (
        <div className="chat-log" role="log" aria-label={t('chat.messages', { name: partner })}>
          {groupByDay(messages).map((group) => {
            const kind = dayKind(group.date, now);
            const label =
              kind === 'date'
                ? formatDate(group.date, { weekday: 'long', day: 'numeric', month: 'long' })
                : t(`chat.${kind}`);
            return (
              <div key={group.day} className="chat-day" role="group" aria-labelledby={`chat-day-${group.day}`}>
                <h2 id={`chat-day-${group.day}`} className="chat-day__label">
                  {label}
                </h2>
                <ol className="chat-day__messages">
                  {group.items.map((message) => (
                    <MessageBubble
                      key={message.id}
                      message={message}
                      partner={partner}
                      seenAt={message.id === seenId ? seenAt : null}
                    />
                  ))}
                </ol>
              </div>
            );
          })}
          {pending.length > 0 && (
            <ol className="chat-day__messages">
              {pending.map((message) => (
                <PendingBubble key={message.key} message={message} />
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
