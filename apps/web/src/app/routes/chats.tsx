import { useTranslation } from 'react-i18next';
import { MessageIcon } from '../../components/icons';
import { ChatList } from '../../features/chat/components/chat-list';
import { Page } from '../components/page';

/** The member's chats (spec section 2: /chats). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.chats.title')} intro={t('pages.chats.intro')} icon={<MessageIcon size={28} />} narrow>
      <ChatList />
    </Page>
  );
}
