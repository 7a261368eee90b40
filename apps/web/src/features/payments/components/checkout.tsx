import { CreateOrderBodySchema } from '@app/shared';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Form, useAppForm } from '../../../components/form';
import { GemIcon } from '../../../components/icons';
import type { Bundle, BundlesResponse, CreateOrderBody, PaymentMethod } from '../api/contract';
import { useCreateOrder } from '../api/create-order';
import { useBundles } from '../api/get-bundles';
import { errorCode, fieldError } from '../errors';
import { leaveForCheckout } from '../redirect';
import {
  checkoutPath,
  directDebitPath,
  formatMoney,
  methodStep,
  parseMethod,
  priceView,
  type ActiveDiscount,
  type PriceView,
} from '../rules';
import { useEnteredCode } from './active-discount';
import { PaymentMethodLogo } from './payment-method-logo';
import { TermsCheck } from './terms-check';
import { intlLocale } from '../locale';
import '../payments.scss';
import { errorText } from '../../../lib/error-text';

/** The order's refusals of its discount code, which leave the rest of the order fine. */
const CODE_ERRORS = ['code_not_found', 'code_used'];

interface CheckoutProps {
  bundleId: number;
  /** The address's :paymentmethod, as given. */
  methodParam: string | undefined;
  discount: ActiveDiscount | null;
}

/**
 * /credits/{id}/{paymentmethod?}: the order summary, the methods offered in the member's
 * country (the chosen one kept in the address), the terms and the pay button, which places the
 * order and leaves for the provider's checkout. Direct debit continues on /directdebit instead.
 */
export function Checkout({ bundleId, methodParam, discount }: CheckoutProps) {
  const { t } = useTranslation();
  const bundles = useBundles();

  if (!bundles.data) {
    if (bundles.isError) {
      return (
        <div className="card-panel payments-state" role="alert">
          <p className="fw-semibold">{t('payments.bundles.loadError')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void bundles.refetch()}>
            {t('payments.retry')}
          </button>
        </div>
      );
    }
    return (
      <div className="checkout checkout--skeleton" role="status">
        <span className="visually-hidden">{t('payments.checkout.loading')}</span>
      </div>
    );
  }

  const bundle = bundles.data.bundles.find((candidate) => candidate.id === bundleId);
  if (!bundle) {
    return (
      <EmptyState
        icon={<GemIcon size={28} />}
        title={t('payments.checkout.unknownTitle')}
        text={t('payments.checkout.unknownText')}
        action={
          <Link className="btn btn-primary" to="/credits">
            {t('actions.seePackages')}
          </Link>
        }
      />
    );
  }
  return (
    <CheckoutForm
      bundle={bundle}
      shop={bundles.data}
      method={parseMethod(methodParam, bundles.data.methods)}
      discount={discount}
    />
  );
}

interface CheckoutFormProps {
  bundle: Bundle;
  shop: BundlesResponse;
  method: PaymentMethod | null;
  discount: ActiveDiscount | null;
}

interface CheckoutValues {
  method: PaymentMethod | null;
  terms: boolean;
}

function CheckoutForm({ bundle, shop, method, discount }: CheckoutFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = useEnteredCode();
  const order = useCreateOrder();
  const price = priceView(bundle.price, discount, method);
  const withCode = price.percentage !== null && discount ? discount.code : null;
  const form = useAppForm<CheckoutValues, CreateOrderBody>({
    defaultValues: { method, terms: false },
    schema: CreateOrderBodySchema,
    // No method chosen and the terms unticked are both missing, and say so.
    toRequest: (values) => ({
      bundle_id: bundle.id,
      method: values.method ?? undefined,
      terms: values.terms || undefined,
      ...(withCode ? { code: withCode } : {}),
    }),
    messages: {
      method: { field_required: t('payments.checkout.chooseMethod') },
      terms: { field_required: t('payments.terms.required') },
    },
    failureText: t('payments.errors.generic'),
  });
  const { getValues, setValue, clearErrors } = form;
  const submitted = form.formState.isSubmitted;
  const locale = intlLocale();
  const total = formatMoney(price.final, shop.currency, locale);

  // The address holds the chosen method (a reload and the back button keep it); the form follows it.
  useEffect(() => {
    if (getValues('method') !== method) setValue('method', method, { shouldValidate: submitted });
  }, [method, submitted, getValues, setValue]);

  function chooseMethod(next: PaymentMethod) {
    clearErrors('root');
    const search = params.toString();
    void navigate(`${checkoutPath(bundle.id, next)}${search ? `?${search}` : ''}`, { replace: true });
  }

  async function send(body: CreateOrderBody) {
    let placed;
    try {
      placed = await order.mutateAsync(body);
    } catch (error) {
      // A refused code leaves the rest of the order fine: it shows with a way on without it.
      const refusal = codeRefusal(error, t('payments.errors.generic'));
      if (refusal === null) throw error;
      form.setError('root.code', { type: 'server', message: refusal });
      return;
    }
    if (placed.checkout_url) leaveForCheckout(placed.checkout_url);
    else void navigate(`/transactions/${placed.order.id}`);
  }

  const codeProblem = form.formState.errors.root?.code?.message;
  // Leaving for the provider's checkout takes a moment after the order is placed: no second order meanwhile.
  const paying = form.formState.isSubmitting || order.isSuccess;

  return (
    <div className="checkout">
      <OrderSummary bundle={bundle} price={price} currency={shop.currency} discount={discount} />

      <Form className="checkout__form" form={form} onSubmit={send} alert={false}>
        <Controller
          control={form.control}
          name="method"
          render={({ field, fieldState }) => (
            <fieldset className="method-list" aria-describedby={fieldState.error ? 'method-error' : undefined}>
              <legend className="section-title">{t('payments.checkout.methods')}</legend>
              <div className="method-list__options">
                {shop.methods.map((offered) => (
                  <label key={offered} className={`method-option${offered === method ? ' method-option--chosen' : ''}`}>
                    <input
                      // A problem with the method focuses the chosen one, else the first.
                      ref={offered === (method ?? shop.methods[0]) ? field.ref : undefined}
                      type="radio"
                      name={field.name}
                      value={offered}
                      className="method-option__input"
                      checked={offered === method}
                      onChange={() => chooseMethod(offered)}
                      onBlur={field.onBlur}
                    />
                    <PaymentMethodLogo method={offered} />
                    <span className="method-option__name">{t(`payments.methods.${offered}`)}</span>
                  </label>
                ))}
              </div>
              {fieldState.error && (
                <p id="method-error" className="invalid-feedback d-block">
                  {fieldState.error.message}
                </p>
              )}
            </fieldset>
          )}
        />

        {codeProblem && (
          <div className="alert alert-warning payments-alert" role="alert">
            <p className="mb-0">{codeProblem}</p>
            {code && (
              <Link
                className="alert-link"
                to={checkoutPath(bundle.id, method)}
                replace
                onClick={() => clearErrors('root.code')}
              >
                {t('payments.checkout.withoutCode')}
              </Link>
            )}
          </div>
        )}

        {method && methodStep(method) === 'directdebit' ? (
          <div className="checkout__pay">
            <p className="checkout__hint">{t('payments.checkout.directDebitHint')}</p>
            <Link
              className="btn btn-primary btn-lg checkout__button"
              to={directDebitPath(bundle.id, discount?.source === 'code' ? discount.code : null)}
            >
              {t('payments.checkout.directDebitAction')}
            </Link>
          </div>
        ) : (
          <div className="checkout__pay">
            <TermsCheck version={shop.terms_version} />
            {form.formError && (
              <div className="alert alert-danger payments-alert" role="alert">
                {form.formError}
              </div>
            )}
            <button type="submit" className="btn btn-primary btn-lg checkout__button" disabled={paying}>
              {paying
                ? t('payments.checkout.paying')
                : method
                  ? t('payments.checkout.payWith', { amount: total, method: t(`payments.methods.${method}`) })
                  : t('payments.checkout.pay', { amount: total })}
            </button>
          </div>
        )}
        <p className="checkout__other">
          <Link to="/credits">{t('payments.checkout.otherBundle')}</Link>
        </p>
      </Form>
    </div>
  );
}

/** The order's refusal of its discount code, which leaves the rest of the order fine; null for any other failure. */
function codeRefusal(error: unknown, fallback: string): string | null {
  return (
    fieldError(error, 'code') ?? (CODE_ERRORS.includes(errorCode(error) ?? '') ? errorText(error, fallback) : null)
  );
}

interface OrderSummaryProps {
  bundle: Bundle;
  price: PriceView;
  currency: string;
  discount: ActiveDiscount | null;
}

/** What the member is about to buy: the bundle, its price, the discount taken off and the total. */
function OrderSummary({ bundle, price, currency, discount }: OrderSummaryProps) {
  const { t } = useTranslation();
  const locale = intlLocale();
  return (
    <section className={`order-summary bundle-card--${bundle.tier}`} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="section-title">
        {t('payments.summary.title')}
      </h2>
      <p className="order-summary__bundle">
        <GemIcon size={22} /> {t('payments.summary.credits', { count: bundle.credits })}
      </p>
      <dl className="order-summary__lines">
        <div>
          <dt>{t('payments.summary.price')}</dt>
          <dd>{formatMoney(price.list, currency, locale)}</dd>
        </div>
        {price.percentage !== null && discount && (
          <div className="order-summary__discount">
            <dt>
              {discount.source === 'welcome'
                ? t('payments.summary.welcomeDiscount', { percent: price.percentage })
                : t('payments.summary.codeDiscount', { code: discount.code, percent: price.percentage })}
            </dt>
            <dd>−{formatMoney(price.list - price.final, currency, locale)}</dd>
          </div>
        )}
        <div className="order-summary__total">
          <dt>{t('payments.summary.total')}</dt>
          <dd>{formatMoney(price.final, currency, locale)}</dd>
        </div>
      </dl>
      {price.miss && discount && (
        <p className="order-summary__note">
          {price.miss === 'minimum'
            ? t('payments.discount.minimum', {
                percent: discount.percentage,
                amount: formatMoney(discount.minimum ?? 0, currency, locale),
              })
            : t('payments.discount.notWithMethod', { percent: discount.percentage })}
        </p>
      )}
    </section>
  );
}
