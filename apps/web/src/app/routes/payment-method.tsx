import { useTranslation } from 'react-i18next';
import { GemIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="paymentMethod" icon={<GemIcon size={28} />} action={{ to: '/pricing', label: t('actions.seePricing') }} />;
}
