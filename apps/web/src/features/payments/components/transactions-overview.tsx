import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ChevronRightIcon, ReceiptIcon } from '../../../components/icons';
import { formatDate } from '../../../lib/i18n';
import { intlLocale } from '../locale';
import type { CreditMovement, Order } from '../api/contract';
import { useTransactions } from '../api/get-transactions';
import { formatCreditDelta, formatMoney } from '../rules';
import { PaymentMethodLogo } from './payment-method-logo';
import '../payments.scss';

/** /transactions: the member's orders with their status, and every change of the credit balance. */
export function TransactionsOverview() {
  const { t } = useTranslation();
  const transactions = useTransactions();

  if (!transactions.data) {
    if (transactions.isError) {
      return (
        <div className="card-panel payments-state" role="alert">
          <p className="fw-semibold">{t('payments.transactions.loadError')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void transactions.refetch()}>
            {t('payments.retry')}
          </button>
        </div>
      );
    }
    return (
      <div className="transactions-skeleton" role="status">
        <span className="visually-hidden">{t('payments.transactions.loading')}</span>
      </div>
    );
  }

  const { orders, movements } = transactions.data;
  if (orders.length === 0 && movements.length === 0) {
    return (
      <EmptyState
        icon={<ReceiptIcon size={28} />}
        title={t('pages.transactions.emptyTitle')}
        text={t('pages.transactions.emptyText')}
        action={
          <Link className="btn btn-primary" to="/credits">
            {t('actions.buyCredits')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="transactions">
      <section aria-labelledby="orders-title">
        <h2 id="orders-title" className="section-title">
          {t('payments.transactions.orders')}
        </h2>
        {orders.length === 0 ? (
          <p className="page-meta">{t('payments.transactions.noOrders')}</p>
        ) : (
          <ul className="order-list">
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="movements-title">
        <h2 id="movements-title" className="section-title">
          {t('payments.transactions.movements')}
        </h2>
        {movements.length === 0 ? (
          <p className="page-meta">{t('payments.transactions.noMovements')}</p>
        ) : (
          <Ledger movements={movements} />
        )}
      </section>
    </div>
  );
}

function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = intlLocale();
  return (
    <li>
      <Link className="order-row" to={`/transactions/${order.id}`}>
        <PaymentMethodLogo method={order.method} />
        <span className="order-row__main">
          <span className="order-row__title">{t('payments.summary.credits', { count: order.credits })}</span>
          <span className="order-row__meta">
            {formatDate(new Date(order.created_at), { dateStyle: 'medium' })} · {t(`payments.methods.${order.method}`)}
          </span>
        </span>
        <span className="order-row__end">
          <span className="order-row__amount">{formatMoney(order.amount, order.currency, locale)}</span>
          <span className={`status-chip status-chip--${order.status}`}>
            {t(`payments.orderStatus.${order.status}`)}
          </span>
        </span>
        <ChevronRightIcon size={18} className="order-row__chevron" />
      </Link>
    </li>
  );
}

/** The credit ledger: when, why, the signed change and the balance after it. */
function Ledger({ movements }: { movements: readonly CreditMovement[] }) {
  const { t } = useTranslation();
  const locale = intlLocale();
  return (
    <div className="ledger-wrap">
      <table className="ledger">
        <caption className="visually-hidden">{t('payments.transactions.movements')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('payments.ledger.date')}</th>
            <th scope="col">{t('payments.ledger.reason')}</th>
            <th scope="col" className="ledger__number">
              {t('payments.ledger.change')}
            </th>
            <th scope="col" className="ledger__number">
              {t('payments.ledger.balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {movements.map((movement) => (
            <tr key={movement.id}>
              <td>{formatDate(new Date(movement.at), { dateStyle: 'medium', timeStyle: 'short' })}</td>
              <td>
                {movement.order_id ? (
                  <Link to={`/transactions/${movement.order_id}`}>
                    {t(`payments.ledger.reasons.${movement.reason}`)}
                  </Link>
                ) : (
                  t(`payments.ledger.reasons.${movement.reason}`)
                )}
              </td>
              <td
                className={`ledger__number ledger__delta${movement.delta > 0 ? ' ledger__delta--in' : movement.delta < 0 ? ' ledger__delta--out' : ''}`}
              >
                {formatCreditDelta(movement.delta, locale)}
              </td>
              <td className="ledger__number">{movement.balance_after.toLocaleString(locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
