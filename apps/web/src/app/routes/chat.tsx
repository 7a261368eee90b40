import { useTranslation } from 'react-i18next';
import { useMatch, useParams } from 'react-router';
import { ChatById, ChatWithMember } from '../../features/chat/components/conversation';
import { ReportMessageSlot } from '../../features/chat/components/message-bubble';
import { parseChatId } from '../../features/chat/rules';
import { ReportMessageButton } from '../../features/reports/components/report-buttons';
import { ChatSplit } from '../components/chat-split';
import { DocumentTitle } from '../components/document-title';

const reportFlag = (member: { id: number; name: string }, messageId: number) => (
  <ReportMessageButton member={member} messageId={messageId} />
);

/**
 * One conversation, at full height in the chat layout: /chats/:id by its id, or
 * /members/:id/chat with a member (which moves to /chats/<id> once the conversation exists).
 * On wide screens the chat list stays beside it (hidden on phones, where the conversation has
 * the screen). Received messages carry the reports feature's flag.
 */
export function Component() {
  const { t } = useTranslation();
  const withMember = useMatch('/members/:id/chat') !== null;
  const id = parseChatId(useParams().id);
  if (id === null) return null;
  return (
    <ChatSplit activeId={withMember ? undefined : id} headingLevel={2}>
      <DocumentTitle title={t('pages.chat.title')} />
      <ReportMessageSlot.Provider value={reportFlag}>
        {withMember ? <ChatWithMember key={id} memberId={id} /> : <ChatById key={id} id={id} />}
      </ReportMessageSlot.Provider>
    </ChatSplit>
  );
}
