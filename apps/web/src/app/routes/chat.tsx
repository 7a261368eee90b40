import { useTranslation } from 'react-i18next';
import { useMatch, useParams } from 'react-router';
import { ChatById, ChatWithMember } from '../../features/chat/components/conversation';
import { parseChatId } from '../../features/chat/rules';
import { DocumentTitle } from '../components/document-title';

/**
 * One conversation, at full height in the chat layout: /chats/:id by its id, or
 * /members/:id/chat with a member (which moves to /chats/<id> once the conversation exists).
 */
export function Component() {
  const { t } = useTranslation();
  const withMember = useMatch('/members/:id/chat') !== null;
  const id = parseChatId(useParams().id);
  return (
    <>
      <DocumentTitle title={t('pages.chat.title')} />
      {id === null ? null : withMember ? <ChatWithMember key={id} memberId={id} /> : <ChatById key={id} id={id} />}
    </>
  );
}
