import { useTranslation } from 'react-i18next';
import { useMatch, useParams } from 'react-router';
import { ChatList } from '../../features/chat/components/chat-list';
import { ChatById, ChatWithMember } from '../../features/chat/components/conversation';
import { ReportMessageSlot } from '../../features/chat/components/message-bubble';
import { parseChatId } from '../../features/chat/rules';
import { ReportMessageButton } from '../../features/reports/components/report-buttons';
import { DocumentTitle } from '../components/document-title';

const reportFlag = (member: { id: number; name: string }, messageId: number) => (
  <ReportMessageButton member={member} messageId={messageId} />
);

/**
 * One conversation, at full height in the chat layout: /chats/:id by its id, or
 * /members/:id/chat with a member (which moves to /chats/<id> once the conversation exists).
 * On wide screens the chat list stays beside it. Received messages carry the reports feature's
 * flag.
 */
export function Component() {
  const { t } = useTranslation();
  const withMember = useMatch('/members/:id/chat') !== null;
  const id = parseChatId(useParams().id);
  if (id === null) return null;
  return (
    <div className="chat-split">
      <DocumentTitle title={t('pages.chat.title')} />
      <aside className="chat-split__list" aria-label={t('pages.chats.title')}>
        <ChatList activeId={withMember ? undefined : id} />
      </aside>
      <ReportMessageSlot.Provider value={reportFlag}>
        {withMember ? <ChatWithMember key={id} memberId={id} /> : <ChatById key={id} id={id} />}
      </ReportMessageSlot.Provider>
    </div>
  );
}
