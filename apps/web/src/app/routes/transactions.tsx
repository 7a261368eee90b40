import { useTranslation } from 'react-i18next';
import { ReceiptIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return <IntroPage page="transactions" icon={<ReceiptIcon size={28} />} action={{ to: '/credits', label: t('actions.buyCredits') }} />;
}
