import { SWIPE_LIKES_PER_DAY } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { FlameIcon } from '../../components/icons';
import { IntroPage } from '../components/intro-page';

export function Component() {
  const { t } = useTranslation();
  return (
    <IntroPage
      page="swipeGame"
      icon={<FlameIcon size={28} />}
      values={{ count: SWIPE_LIKES_PER_DAY }}
      action={{ to: '/members', label: t('actions.discover') }}
    />
  );
}
