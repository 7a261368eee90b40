import { useTranslation } from 'react-i18next';
import { ReceiptIcon } from '../../components/icons';
import { DirectDebit } from '../../features/directdebit/components/direct-debit';
import { Page } from '../components/page';

/** /directdebit?bundle=<id>: pay a bundle by SEPA direct debit, confirmed with an SMS code. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.directdebit.title')} intro={t('pages.directdebit.intro')} icon={<ReceiptIcon size={28} />} narrow>
      <DirectDebit />
    </Page>
  );
}
