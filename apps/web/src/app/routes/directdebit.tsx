import { useTranslation } from 'react-i18next';
import { ReceiptIcon } from '../../components/icons';
import { DirectDebit } from '../../features/payments/direct-debit/components/direct-debit';
import { useActiveDiscount } from '../../features/payments/components/active-discount';
import { useWelcomeDiscount } from '../../features/time-bonus/api/get-welcome-discount';
import { Page } from '../components/page';

/** /directdebit?bundle=<id>: pay a bundle by SEPA direct debit, confirmed with an SMS code. */
export function Component() {
  const { t } = useTranslation();
  const discount = useActiveDiscount(useWelcomeDiscount());
  return (
    <Page
      title={t('pages.directdebit.title')}
      intro={t('pages.directdebit.intro')}
      icon={<ReceiptIcon size={28} />}
      narrow
    >
      <DirectDebit discount={discount} />
    </Page>
  );
}
