import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { MessageIcon } from '../../components/icons';
import { ChatList } from '../../features/chat/components/chat-list';
import { ChatSplit } from '../components/chat-split';
import { DocumentTitle } from '../components/document-title';
import { Page } from '../components/page';
import { useWideScreen } from '../hooks/use-media-query';

/**
 * The member's chats (spec section 2: /chats). On a wide screen the list stands where it stays
 * once a chat is open, with the place of the conversation saying to pick one.
 */
export function Component() {
  const { t } = useTranslation();
  const wide = useWideScreen();
  if (wide) {
    return (
      <div className="chat-page">
        <DocumentTitle title={t('pages.chats.title')} />
        <ChatSplit headingLevel={1}>
          <section className="chat-split__pane" aria-label={t('chat.pick.title')}>
            <EmptyState icon={<MessageIcon size={28} />} title={t('chat.pick.title')} text={t('chat.pick.text')} />
          </section>
        </ChatSplit>
      </div>
    );
  }
  return (
    <Page title={t('pages.chats.title')} intro={t('pages.chats.intro')} icon={<MessageIcon size={28} />} narrow>
      <ChatList />
    </Page>
  );
}
