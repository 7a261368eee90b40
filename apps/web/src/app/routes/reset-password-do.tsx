import { useTranslation } from 'react-i18next';
import { KeyIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="resetPasswordDo" icon={<KeyIcon size={28} />} action={{ to: '/login', label: t('actions.login') }} />;
}
