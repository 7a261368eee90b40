import { SWIPE_LIKES_PER_DAY } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { FlameIcon } from '../../components/icons';
import { SwipeGame } from '../../features/swipe/components/swipe-game';
import { Page } from '../components/page';

/** The swipe game: like or pass one profile at a time (spec section 2). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('pages.swipeGame.title')}
      intro={t('pages.swipeGame.intro', { count: SWIPE_LIKES_PER_DAY })}
      icon={<FlameIcon size={28} />}
    >
      <SwipeGame />
    </Page>
  );
}
