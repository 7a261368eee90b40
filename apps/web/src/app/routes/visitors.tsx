import { useTranslation } from 'react-i18next';
import { EyeIcon } from '../../components/icons';
import { VisitorsView } from '../../features/visits/components/visitors-view';
import { LikesTabs } from '../components/likes-tabs';
import { Page } from '../components/page';

/** Who viewed the member's profile, beside the likes lists. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.visitors.title')} intro={t('pages.visitors.intro')} icon={<EyeIcon size={28} />}>
      <LikesTabs current="visitors" />
      <VisitorsView />
    </Page>
  );
}
