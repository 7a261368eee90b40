import { useTranslation } from 'react-i18next';
import { TargetIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="matchFinder" icon={<TargetIcon size={28} />} action={{ to: '/members', label: t('actions.discover') }} />;
}
