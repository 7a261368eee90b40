import { useTranslation } from 'react-i18next';
import { MailIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return (
    <IntroPage page="activateError" icon={<MailIcon size={28} />} action={{ to: '/login', label: t('nav.login') }} narrow />
  );
}
