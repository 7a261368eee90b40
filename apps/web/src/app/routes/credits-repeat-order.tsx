import { useTranslation } from 'react-i18next';
import { GemIcon } from '../../components/icons';
import { PaymentAssurance } from '../../features/payments/components/payment-assurance';
import { RepeatOrder } from '../../features/payments/components/repeat-order';
import { Page } from '../components/page';

/** /credits/repeat-order: paid members buy their last bundle again in one step. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('pages.creditsRepeatOrder.title')}
      intro={t('pages.creditsRepeatOrder.intro')}
      icon={<GemIcon size={28} />}
      narrow
    >
      <RepeatOrder />
      <PaymentAssurance />
    </Page>
  );
}
