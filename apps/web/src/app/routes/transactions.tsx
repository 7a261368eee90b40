import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ReceiptIcon } from '../../components/icons';
import { OrderStatus } from '../../features/payments/components/order-status';
import { TransactionsOverview } from '../../features/payments/components/transactions-overview';
import { parseId } from '../../features/payments/rules';
import { NotFoundPage } from '../components/error-page';
import { Page } from '../components/page';

/** /transactions/{id?}: the member's orders and credit movements, or one order's status page. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) {
    return (
      <Page
        title={t('pages.transactions.title')}
        intro={t('pages.transactions.intro')}
        icon={<ReceiptIcon size={28} />}
      >
        <TransactionsOverview />
      </Page>
    );
  }
  const orderId = parseId(id);
  if (orderId === null) return <NotFoundPage />;
  return (
    <Page title={t('payments.status.pageTitle')} icon={<ReceiptIcon size={28} />} narrow>
      <OrderStatus key={orderId} id={orderId} />
    </Page>
  );
}
