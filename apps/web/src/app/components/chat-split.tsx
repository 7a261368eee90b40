import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatList } from '../../features/chat/components/chat-list';

interface ChatSplitProps {
  /** The conversation open beside the list, marked as the current one. */
  activeId?: number;
  /** The list's heading is the page's on /chats, and under the partner's name in a conversation. */
  headingLevel: 1 | 2;
  /** The conversation, or what stands in for it while none is open. */
  children: ReactNode;
}

/**
 * The chats on a wide screen: the list beside the conversation, under the top navigation, the
 * same on /chats and /chats/<id>. Phones show the list, then the conversation on its own.
 */
export function ChatSplit({ activeId, headingLevel, children }: ChatSplitProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="chat-split">
      <aside className="chat-split__list" aria-label={t('pages.chats.title')}>
        <Heading className="chat-split__title">{t('pages.chats.title')}</Heading>
        <ChatList activeId={activeId} />
      </aside>
      {children}
    </div>
  );
}
