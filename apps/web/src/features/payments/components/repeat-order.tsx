import { RepeatOrderBodySchema } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Form, useAppForm } from '../../../components/form';
import { GemIcon } from '../../../components/icons';
import type { RepeatOrderBody } from '../api/contract';
import { useBundles } from '../api/get-bundles';
import { useTransactions } from '../api/get-transactions';
import { useRepeatOrder } from '../api/repeat-order';
import { errorCode } from '../errors';
import { intlLocale } from '../locale';
import { leaveForCheckout } from '../redirect';
import { formatMoney, lastCompletedOrder } from '../rules';
import { PaymentMethodLogo } from './payment-method-logo';
import { TermsCheck } from './terms-check';
import '../payments.scss';

/**
 * /credits/repeat-order: the last bundle with the last method again, in one step. A method with
 * a stored mandate is charged at once and the status page shows the outcome; others go
 * through the provider's checkout as a new order would.
 */
export function RepeatOrder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const transactions = useTransactions();
  const bundles = useBundles();
  const repeat = useRepeatOrder();
  const form = useAppForm<{ terms: boolean }, RepeatOrderBody>({
    defaultValues: { terms: false },
    schema: RepeatOrderBodySchema,
    // Unticked terms are terms not given.
    toRequest: ({ terms }) => ({ terms: terms || undefined }),
    messages: { terms: { field_required: t('payments.terms.required') } },
    failureText: t('payments.errors.generic'),
  });

  if (!transactions.data || !bundles.data) {
    if (transactions.isError || bundles.isError) {
      return (
        <div className="card-panel payments-state" role="alert">
          <p className="fw-semibold">{t('payments.repeat.loadError')}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void Promise.all([transactions.refetch(), bundles.refetch()])}
          >
            {t('payments.retry')}
          </button>
        </div>
      );
    }
    return (
      <div className="repeat-order repeat-order--skeleton" role="status">
        <span className="visually-hidden">{t('payments.repeat.loading')}</span>
      </div>
    );
  }

  const last = lastCompletedOrder(transactions.data.orders);
  if (!last || errorCode(repeat.error) === 'no_previous_order') {
    return (
      <EmptyState
        icon={<GemIcon size={28} />}
        title={t('payments.repeat.noneTitle')}
        text={t('payments.repeat.noneText')}
        action={
          <Link className="btn btn-primary" to="/credits">
            {t('actions.seePackages')}
          </Link>
        }
      />
    );
  }

  const bundle = bundles.data.bundles.find((candidate) => candidate.id === last.bundle_id);
  const price = bundle ? formatMoney(bundle.price, bundles.data.currency, intlLocale()) : null;
  const method = t(`payments.methods.${last.method}`);

  async function send(body: RepeatOrderBody) {
    const { order, checkout_url } = await repeat.mutateAsync(body);
    if (checkout_url) leaveForCheckout(checkout_url);
    else void navigate(`/transactions/${order.id}`);
  }

  // Leaving for the provider's checkout takes a moment after the order is placed: no second order meanwhile.
  const busy = form.formState.isSubmitting || repeat.isSuccess;
  return (
    <Form className={`repeat-order bundle-card--${bundle?.tier ?? 'p0'}`} form={form} onSubmit={send} alert={false}>
      <p className="repeat-order__label">{t('payments.repeat.last')}</p>
      <p className="repeat-order__bundle">
        <GemIcon size={26} /> {t('payments.summary.credits', { count: last.credits })}
      </p>
      <p className="repeat-order__method">
        <PaymentMethodLogo method={last.method} /> {method}
        {price && <span className="repeat-order__price">{price}</span>}
      </p>
      <TermsCheck version={bundles.data.terms_version} />
      {form.formError && (
        <div className="alert alert-danger payments-alert" role="alert">
          {form.formError}
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-lg checkout__button" disabled={busy}>
        {busy
          ? t('payments.checkout.paying')
          : price
            ? t('payments.repeat.buyFor', { amount: price })
            : t('payments.repeat.buy')}
      </button>
      <p className="checkout__other">
        <Link to="/credits">{t('payments.repeat.other')}</Link>
      </p>
    </Form>
  );
}
