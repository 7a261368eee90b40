import {
  AdminOrderListQuerySchema,
  ORDER_PROVIDERS,
  ORDER_STATUSES,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderRefundResponse,
  type AdminOrderSummary,
} from '@app/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Form, oneText, TextField, useAppForm } from '../../components/form';
import type { OrderFilters } from '../api/commerce-keys';
import { useOrder } from '../api/get-order';
import { useOrders } from '../api/get-orders';
import { useRefundOrder } from '../api/refund-order';
import { orderState } from '../commerce-rules';
import { ActionDialog } from './action-dialog';
import { formatDateTime, formatMoney, formatNumber } from './format';
import { EmptyState, ErrorState, LoadingState, LoadMoreButton, Panel, ScreenHeader } from './states';
import { useToast } from './toast';
import { EmailText } from './email-text';

const STATUS_FILTERS = [...ORDER_STATUSES, 'refunded'] as const;

function oneOf<T extends string>(value: string | null, options: readonly T[]): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}

/** The filters the address holds (?status=&provider=&member_id=), so a filtered list can be shared. */
function filtersOf(params: URLSearchParams): OrderFilters {
  const member = Number(params.get('member_id'));
  return {
    status: oneOf<NonNullable<AdminOrderListQuery['status']>>(params.get('status'), STATUS_FILTERS),
    provider: oneOf(params.get('provider'), ORDER_PROVIDERS),
    member_id: Number.isInteger(member) && member > 0 ? member : undefined,
  };
}

/** Orders: filtered by status, provider and member, newest first, a page at a time. */
export function OrdersScreen() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const orders = useOrders(filters);
  const statusId = useId();
  const providerId = useId();

  function setFilter(name: 'status' | 'provider' | 'member_id', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const filtered = Boolean(filters.status || filters.provider || filters.member_id);

  return (
    <>
      <ScreenHeader title={t('nav.orders')} />
      <div className="admin-filters">
        <div className="admin-inline-field">
          <label className="form-label mb-0" htmlFor={statusId}>
            {t('orders.statusFilter')}
          </label>
          <select
            id={statusId}
            className="form-select form-select-sm"
            value={filters.status ?? ''}
            onChange={(e) => setFilter('status', e.target.value)}
          >
            <option value="">{t('orders.allStatuses')}</option>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`orders.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-inline-field">
          <label className="form-label mb-0" htmlFor={providerId}>
            {t('orders.providerFilter')}
          </label>
          <select
            id={providerId}
            className="form-select form-select-sm"
            value={filters.provider ?? ''}
            onChange={(e) => setFilter('provider', e.target.value)}
          >
            <option value="">{t('orders.allProviders')}</option>
            {ORDER_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(`orders.providers.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <MemberFilter
          initial={filters.member_id ? String(filters.member_id) : ''}
          onApply={(member) => setFilter('member_id', member)}
        />
      </div>
      {orders.isPending ? (
        <LoadingState />
      ) : orders.isLoadingError ? (
        <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{filtered ? t('orders.noResults') : t('orders.none')}</EmptyState>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="table admin-table">
              <caption className="visually-hidden">{t('orders.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('orders.order')}</th>
                  <th scope="col">{t('orders.date')}</th>
                  <th scope="col">{t('orders.member')}</th>
                  <th scope="col">{t('orders.status')}</th>
                  <th scope="col" className="text-end">
                    {t('orders.amount')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('orders.credits')}
                  </th>
                  <th scope="col">{t('orders.payment')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link to={`/admin/orders/${order.id}`}>{t('orders.orderLink', { id: order.id })}</Link>
                    </td>
                    <td className="text-nowrap">{formatDateTime(order.created_at)}</td>
                    <td>
                      <Link to={`/admin/members/${order.member_id}`}>{order.member_name ?? order.member_email}</Link>
                      <span className="d-block admin-muted">#{order.member_id}</span>
                    </td>
                    <td>
                      <OrderStateBadge order={order} />
                    </td>
                    <td className="text-end text-nowrap">{formatMoney(order.amount, order.currency)}</td>
                    <td className="text-end">{formatNumber(order.credits)}</td>
                    <td>
                      {order.method} · {t(`orders.providers.${order.provider}`, { defaultValue: order.provider })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMoreButton query={orders} />
        </>
      )}
    </>
  );
}

const MemberFilterSchema = AdminOrderListQuerySchema.pick({ member_id: true });

/** The member filter: a member's number, as the list's query takes it; empty for every member. */
function MemberFilter({ initial, onApply }: { initial: string; onApply: (member: string) => void }) {
  const { t } = useTranslation('admin');
  const form = useAppForm<{ member_id: string }, { member_id?: number | undefined }>({
    defaultValues: { member_id: initial },
    schema: MemberFilterSchema,
    toRequest: ({ member_id }) => ({ member_id: member_id.trim() }),
    messages: { member_id: oneText(t('orders.memberInvalid')) },
  });
  return (
    <Form
      form={form}
      className="admin-inline-field"
      role="search"
      aria-label={t('orders.memberSearch')}
      onSubmit={async ({ member_id }) => onApply(member_id === undefined ? '' : String(member_id))}
    >
      <TextField
        name="member_id"
        label={t('orders.memberFilter')}
        inputMode="numeric"
        className="admin-inline-field"
        controlClassName="form-control-sm admin-filters__member"
      />
      <button type="submit" className="btn btn-outline-primary btn-sm">
        {t('orders.applyMember')}
      </button>
    </Form>
  );
}

/** An order's state as a badge: refunded orders show as refunded. */
function OrderStateBadge({ order }: { order: Pick<AdminOrderSummary, 'status' | 'refunded_at'> }) {
  const { t } = useTranslation('admin');
  const state = orderState(order);
  return <span className={`badge admin-badge admin-badge--order-${state}`}>{t(`orders.statuses.${state}`)}</span>;
}

/** An order: what was bought and paid, the member, the provider's live status, and the refund. */
export function OrderScreen() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const order = useOrder(id);

  if (order.isPending || order.isError) {
    return (
      <>
        <p className="mb-2">
          <Link to="/admin/orders">{t('orders.back')}</Link>
        </p>
        <ScreenHeader title={t('orders.title', { id: Number.isFinite(id) ? id : '' })} />
        {order.isPending ? <LoadingState /> : <ErrorState error={order.error} onRetry={() => void order.refetch()} />}
      </>
    );
  }
  return <OrderDetail key={order.data.order.id} order={order.data.order} />;
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const refund = useRefundOrder();
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<AdminOrderRefundResponse | null>(null);

  const provider = t(`orders.providers.${order.provider}`, { defaultValue: order.provider });

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/orders">{t('orders.back')}</Link>
      </p>
      <ScreenHeader title={t('orders.title', { id: order.id })}>
        {order.refundable && (
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setAsking(true)}>
            {t('orders.refund')}
          </button>
        )}
      </ScreenHeader>

      {result && (
        <div className="alert alert-success" role="status">
          {t('orders.refunded', {
            credits: formatNumber(result.credits_taken_back),
            balance: formatNumber(result.balance),
          })}
        </div>
      )}

      <div className="admin-detail-grid">
        <Panel title={t('orders.orderPanel')}>
          <dl className="admin-dl">
            <dt>{t('orders.status')}</dt>
            <dd>
              <OrderStateBadge order={order} />
            </dd>
            <dt>{t('orders.date')}</dt>
            <dd>{formatDateTime(order.created_at)}</dd>
            <dt>{t('orders.completedAt')}</dt>
            <dd>{formatDateTime(order.completed_at)}</dd>
            {order.refunded_at && (
              <>
                <dt>{t('orders.refundedAt')}</dt>
                <dd>{formatDateTime(order.refunded_at)}</dd>
                <dt>{t('orders.refundId')}</dt>
                <dd className="admin-break">{order.refund_id ?? '–'}</dd>
                <dt>{t('orders.creditsTakenBack')}</dt>
                <dd>{order.credits_taken_back === null ? '–' : formatNumber(order.credits_taken_back)}</dd>
              </>
            )}
            <dt>{t('orders.credits')}</dt>
            <dd>{formatNumber(order.credits)}</dd>
            <dt>{t('orders.amount')}</dt>
            <dd>{formatMoney(order.amount, order.currency)}</dd>
            {order.list_amount !== order.amount && (
              <>
                <dt>{t('orders.listAmount')}</dt>
                <dd>{formatMoney(order.list_amount, order.currency)}</dd>
              </>
            )}
            {order.discount_code && (
              <>
                <dt>{t('orders.discount')}</dt>
                <dd>
                  {order.discount_code}
                  {order.discount_percentage !== null ? ` (${order.discount_percentage}%)` : ''}
                </dd>
              </>
            )}
            <dt>{t('orders.payment')}</dt>
            <dd>
              {order.method} · {provider}
              {order.repeat ? ` · ${t('orders.repeat')}` : ''}
            </dd>
            <dt>{t('orders.paymentId')}</dt>
            <dd className="admin-break">{order.provider_payment_id ?? '–'}</dd>
            {order.failure && (
              <>
                <dt>{t('orders.failure')}</dt>
                <dd>{order.failure}</dd>
              </>
            )}
          </dl>
        </Panel>

        <div>
          <Panel title={t('orders.member')}>
            <dl className="admin-dl">
              <dt>{t('orders.memberName')}</dt>
              <dd>
                <Link to={`/admin/members/${order.member_id}`}>{order.member_name ?? t('members.noName')}</Link>
              </dd>
              <dt>{t('members.id')}</dt>
              <dd>{order.member_id}</dd>
              <dt>{t('members.email')}</dt>
              <dd>
                <EmailText email={order.member_email} />
              </dd>
            </dl>
          </Panel>
          <Panel title={t('orders.providerStatus', { provider })}>
            {order.provider_status === null ? (
              <p className="admin-muted mb-0">{t('orders.noProviderPayment')}</p>
            ) : (
              <dl className="admin-dl">
                <dt>{t('orders.status')}</dt>
                <dd>
                  <span className={`badge admin-badge admin-badge--provider-${order.provider_status.status}`}>
                    {t(`orders.providerStatuses.${order.provider_status.status}`)}
                  </span>
                </dd>
                {order.provider_status.message && (
                  <>
                    <dt>{t('orders.providerMessage')}</dt>
                    <dd>{order.provider_status.message}</dd>
                  </>
                )}
              </dl>
            )}
          </Panel>
        </div>
      </div>

      {asking && (
        <ActionDialog
          title={t('orders.refundTitle', { id: order.id })}
          text={t('orders.refundText', {
            amount: formatMoney(order.amount, order.currency),
            credits: formatNumber(order.credits),
          })}
          confirmLabel={t('orders.refundConfirm')}
          tone="danger"
          onClose={() => setAsking(false)}
          onConfirm={async ({ reason }) => {
            setResult(await refund.mutateAsync({ order_id: order.id, reason }));
            toast(t('orders.refundDone', { id: order.id }));
            setAsking(false);
          }}
        />
      )}
    </>
  );
}
