import { useTranslation } from 'react-i18next';
import { MessageIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="chats" icon={<MessageIcon size={28} />} action={{ to: '/members', label: t('actions.discover') }} />;
}
