import { PREMIUM_PHOTO_LIMIT, WELCOME_DISCOUNT_PERCENT } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon, CrownIcon } from '../../components/icons';
import { useSettings } from '../../features/settings/api/get-settings';
import { Page } from '../components/page';

const BENEFITS = ['photos', 'allPhotos', 'conversations', 'discount'] as const;

/** Going premium: a first credit bundle unlocks everything (spec section 1). */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const values = { name: settings.name, photos: PREMIUM_PHOTO_LIMIT, percent: WELCOME_DISCOUNT_PERCENT };
  return (
    <Page title={t('pages.premium.title')} intro={t('pages.premium.intro', values)} icon={<CrownIcon size={28} />}>
      <div className="premium-card">
        <ul className="check-list check-list--large">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>
              <CheckIcon size={20} /> {t(`pages.premium.benefits.${benefit}`, values)}
            </li>
          ))}
        </ul>
        <Link className="btn btn-primary btn-lg" to="/credits">
          {t('pages.premium.action')}
        </Link>
      </div>
    </Page>
  );
}
