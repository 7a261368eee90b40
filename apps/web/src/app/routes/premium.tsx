import { PREMIUM_PHOTO_LIMIT } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CrownIcon } from '../../components/icons';
import { DiscountBadge, useActiveDiscount } from '../../features/payments/components/active-discount';
import { BundleShop } from '../../features/payments/components/bundle-grid';
import { PaymentAssurance } from '../../features/payments/components/payment-assurance';
import { checkoutPath } from '../../features/payments/rules';
import { useSettings } from '../../data/settings';
import { useWelcomeDiscount } from '../../features/time-bonus/api/get-welcome-discount';
import { Page } from '../components/page';

const BENEFITS = ['photos', 'allPhotos', 'conversations'] as const;

/**
 * /premium, for members who never paid: what a first bundle unlocks (spec section 1: 25 photos,
 * every photo visible, unlimited conversations), the bundles, and a discount only when the member
 * can have one now (the welcome discount while the time bonus runs, or an entered code): no
 * promise of a welcome discount whose window has ended.
 */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  const welcome = useWelcomeDiscount();
  const discount = useActiveDiscount(welcome);
  const values = { name: settings.name, photos: PREMIUM_PHOTO_LIMIT };
  return (
    <Page title={t('pages.premium.title')} intro={t('pages.premium.intro', values)} icon={<CrownIcon size={28} />}>
      <div className="premium-card premium-card--wide">
        <ul className="check-list check-list--large">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>
              <CheckIcon size={20} /> {t(`pages.premium.benefits.${benefit}`, values)}
            </li>
          ))}
        </ul>
        {discount && <DiscountBadge discount={discount} />}
      </div>
      <h2 className="section-title mt-4">{t('payments.premium.choose')}</h2>
      <BundleShop
        discount={discount}
        action={(bundle) => ({ to: checkoutPath(bundle.id), label: t('pages.premium.action') })}
      />
      <PaymentAssurance />
    </Page>
  );
}
