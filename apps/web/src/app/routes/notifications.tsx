import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="notifications" icon={<BellIcon size={28} />} action={{ to: '/settings', label: t('actions.toSettings') }} />;
}
