import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon, CloseIcon, ReceiptIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/i18n';
import { intlLocale } from '../locale';
import { queryKeys } from '../../../data/query-keys';
import type { Order } from '../api/contract';
import { useOrder } from '../api/get-order';
import { checkoutPath, formatMoney, orderView, type OrderView } from '../rules';
import { PaymentMethodLogo } from './payment-method-logo';
import '../payments.scss';

/**
 * /transactions/{id}: the order's status page, where the provider's checkout returns to. It asks
 * again every 2 s while the payment is pending, then shows the outcome: credits added, still
 * pending, failed or cancelled (with a retry), or a declined recurring charge (retry or PayPal).
 */
export function OrderStatus({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const query = useOrder(id);
  const order = query.data?.order;
  const failure = query.error ? { status: query.error instanceof ApiError ? query.error.status : 0 } : null;
  const view = orderView(order, failure);

  // The balance and the paid flag changed on the server: the top bar and profile follow.
  useEffect(() => {
    if (view !== 'completed') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
  }, [view, queryClient]);

  return (
    <div className="order-status">
      <div className={`status-card status-card--${view}`} role="status" aria-live="polite">
        <StatusBody view={view} order={order} onRetry={() => void query.refetch()} />
      </div>
      {order && <OrderDetails order={order} />}
    </div>
  );
}

function StatusIcon({ view }: { view: OrderView }) {
  if (view === 'completed') return <CheckIcon size={32} />;
  if (view === 'pending' || view === 'loading') return <span className="status-card__spinner" />;
  if (view === 'not_found') return <ReceiptIcon size={32} />;
  return <CloseIcon size={32} />;
}

interface StatusBodyProps {
  view: OrderView;
  order: Order | undefined;
  onRetry: () => void;
}

function StatusBody({ view, order, onRetry }: StatusBodyProps) {
  const { t } = useTranslation();
  let actions: ReactNode = null;
  if (view === 'completed') {
    actions = (
      <>
        <Link className="btn btn-primary btn-lg" to="/members">
          {t('actions.discover')}
        </Link>
        <Link className="btn btn-outline-primary" to="/transactions">
          {t('payments.status.toTransactions')}
        </Link>
      </>
    );
  } else if ((view === 'failed' || view === 'cancelled') && order) {
    actions = (
      <>
        <Link className="btn btn-primary btn-lg" to={checkoutPath(order.bundle_id, order.method)}>
          {t('payments.status.retry')}
        </Link>
        <Link className="btn btn-outline-primary" to={checkoutPath(order.bundle_id)}>
          {t('actions.chooseOtherMethod')}
        </Link>
      </>
    );
  } else if (view === 'recurring_declined' && order) {
    actions = (
      <>
        <Link className="btn btn-primary btn-lg" to={checkoutPath(order.bundle_id, order.method)}>
          {t('payments.status.retry')}
        </Link>
        <Link className="btn btn-outline-primary" to={checkoutPath(order.bundle_id, 'paypal')}>
          {t('payments.status.payWithPaypal')}
        </Link>
      </>
    );
  } else if (view === 'pending') {
    actions = (
      <Link className="btn btn-outline-primary" to="/transactions">
        {t('payments.status.toTransactions')}
      </Link>
    );
  } else if (view === 'not_found') {
    actions = (
      <Link className="btn btn-primary" to="/transactions">
        {t('payments.status.toTransactions')}
      </Link>
    );
  } else if (view === 'error') {
    actions = (
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t('payments.retry')}
      </button>
    );
  }
  return (
    <>
      <span className="status-card__icon">
        <StatusIcon view={view} />
      </span>
      <h2 className="status-card__title">{t(`payments.status.${view}.title`)}</h2>
      <p className="status-card__text">{t(`payments.status.${view}.text`, { count: order?.credits ?? 0 })}</p>
      {actions && <div className="status-card__actions">{actions}</div>}
    </>
  );
}

/** The order's details, as on a receipt. */
function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = intlLocale();
  return (
    <section className="card-panel order-details" aria-labelledby="order-details-title">
      <h2 id="order-details-title" className="section-title">
        {t('payments.details.title', { id: order.id })}
      </h2>
      <dl className="order-details__list">
        <div>
          <dt>{t('payments.details.credits')}</dt>
          <dd>{order.credits.toLocaleString(locale)}</dd>
        </div>
        <div>
          <dt>{t('payments.details.amount')}</dt>
          <dd>
            {formatMoney(order.amount, order.currency, locale)}
            {order.discount_code && order.discount_percentage !== null && (
              <span className="order-details__discount">
                {' '}
                {t('payments.details.discount', { code: order.discount_code, percent: order.discount_percentage })}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('payments.details.method')}</dt>
          <dd className="order-details__method">
            <PaymentMethodLogo method={order.method} /> {t(`payments.methods.${order.method}`)}
          </dd>
        </div>
        <div>
          <dt>{t('payments.details.date')}</dt>
          <dd>{formatDate(new Date(order.created_at), { dateStyle: 'long', timeStyle: 'short' })}</dd>
        </div>
        <div>
          <dt>{t('payments.details.terms')}</dt>
          <dd>{formatDate(new Date(order.terms_version))}</dd>
        </div>
      </dl>
    </section>
  );
}
