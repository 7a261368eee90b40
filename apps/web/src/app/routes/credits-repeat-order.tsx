import { useTranslation } from 'react-i18next';
import { GemIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="creditsRepeatOrder" icon={<GemIcon size={28} />} action={{ to: '/credits', label: t('actions.seePackages') }} />;
}
