import { useTranslation } from 'react-i18next';
import { GemIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { useActiveDiscount, useEnteredCode, DiscountBadge } from '../../features/payments/components/active-discount';
import { BundleShop } from '../../features/payments/components/bundle-grid';
import { DiscountCodeForm } from '../../features/payments/components/discount-code-form';
import { PaymentAssurance } from '../../features/payments/components/payment-assurance';
import { checkoutPath } from '../../features/payments/rules';
import { useWelcomeDiscount } from '../../features/time-bonus/api/get-welcome-discount';
import { CreditCosts } from '../components/credit-costs';
import { Page } from '../components/page';

/**
 * /credits: the balance, the bundles with the active discount (an entered code or the welcome
 * discount), the discount-code field and what credits buy. A bundle leads to its checkout.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useUser();
  const welcome = useWelcomeDiscount();
  const discount = useActiveDiscount(welcome);
  const code = useEnteredCode();
  // Only a code the server accepted travels on to the checkout.
  const carried = discount?.source === 'code' ? code : null;
  return (
    <Page title={t('pages.credits.title')} intro={t('pages.credits.intro')} icon={<GemIcon size={28} />}>
      <div className="shop-head">
        {user && (
          <p className="balance-pill">
            <GemIcon size={18} /> {t('pages.credits.balance', { count: user.credits })}
          </p>
        )}
        {discount && <DiscountBadge discount={discount} />}
      </div>
      <h2 className="section-title">{t('payments.premium.choose')}</h2>
      <BundleShop
        discount={discount}
        action={(bundle) => ({ to: checkoutPath(bundle.id, null, carried), label: t('payments.bundles.choose') })}
      />
      <DiscountCodeForm />
      <h2 className="section-title mt-4">{t('pages.credits.costsTitle')}</h2>
      <CreditCosts />
      <PaymentAssurance />
    </Page>
  );
}
