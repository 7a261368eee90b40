import { ACCOUNT_REACTIVATION_DAYS } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return (
    <IntroPage
      page="accountDeleted"
      icon={<HeartIcon size={28} />}
      values={{ days: ACCOUNT_REACTIVATION_DAYS }}
      action={{ to: '/', label: t('actions.toStart') }}
      narrow
    />
  );
}
