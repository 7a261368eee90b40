import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { GemIcon } from '../../components/icons';
import { useActiveDiscount } from '../../features/payments/components/active-discount';
import { Checkout } from '../../features/payments/components/checkout';
import { PaymentAssurance } from '../../features/payments/components/payment-assurance';
import { parseId } from '../../features/payments/rules';
import { useWelcomeDiscount } from '../../features/time-bonus/api/get-welcome-discount';
import { NotFoundPage } from '../components/error-page';
import { Page } from '../components/page';

/** /credits/{id}/{paymentmethod?}: the checkout of one bundle (spec section 2). */
export function Component() {
  const { t } = useTranslation();
  const { id, paymentmethod } = useParams();
  const welcome = useWelcomeDiscount();
  const discount = useActiveDiscount(welcome);
  const bundleId = parseId(id);
  if (bundleId === null) return <NotFoundPage />;
  return (
    <Page title={t('pages.paymentMethod.title')} intro={t('pages.paymentMethod.intro')} icon={<GemIcon size={28} />}>
      <Checkout bundleId={bundleId} methodParam={paymentmethod} discount={discount} />
      <PaymentAssurance />
    </Page>
  );
}
