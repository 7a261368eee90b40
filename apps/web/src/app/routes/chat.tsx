import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { MessageIcon } from '../../components/icons';
import { DocumentTitle } from '../components/document-title';

/** One conversation, at full height in the chat layout. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="chat-page">
      <DocumentTitle title={t('pages.chat.title')} />
      <h1 className="chat-page__title">{t('pages.chat.title')}</h1>
      <div className="chat-page__messages">
        <EmptyState icon={<MessageIcon size={28} />} title={t('pages.chat.emptyTitle')} text={t('pages.chat.emptyText')} />
      </div>
    </div>
  );
}
