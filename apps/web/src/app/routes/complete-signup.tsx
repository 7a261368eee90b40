import { useTranslation } from 'react-i18next';
import { CameraIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="completeSignup" icon={<CameraIcon size={28} />} action={{ to: '/profile', label: t('actions.toProfile') }} />;
}
