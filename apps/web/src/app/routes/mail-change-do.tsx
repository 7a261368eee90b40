import { useTranslation } from 'react-i18next';
import { MailCheckIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="mailChange" icon={<MailCheckIcon size={28} />} action={{ to: '/settings', label: t('actions.toSettings') }} />;
}
