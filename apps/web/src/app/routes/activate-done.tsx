import { useTranslation } from 'react-i18next';
import { MailCheckIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return (
    <IntroPage
      page="activateDone"
      icon={<MailCheckIcon size={28} />}
      action={{ to: '/members', label: t('actions.discover') }}
      narrow
    />
  );
}
