import { useTranslation } from 'react-i18next';
import { SparklesIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="signupMatches" icon={<SparklesIcon size={28} />} action={{ to: '/members', label: t('actions.discover') }} />;
}
