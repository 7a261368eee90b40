import { DIRECT_DEBIT_MONTHLY_LIMIT } from '@app/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state';
import { GemIcon, LockIcon, ReceiptIcon } from '../../../../components/icons';
import { ApiError } from '../../../../lib/api';
import { useSettings } from '../../../../data/settings';
import { useCompanyInfo } from '../../../../data/company-info';
import { useBundles } from '../../api/get-bundles';
import { intlLocale } from '../../locale';
import { formatMoney, priceView, type ActiveDiscount } from '../../rules';
import type { Bundle, DirectDebitResponse } from '../api/contract';
import { useConfirmDirectDebit } from '../api/confirm-direct-debit';
import { useStartDirectDebit } from '../api/start-direct-debit';
import { directDebitFailure, parseBundleParam, type DirectDebitForm } from '../rules';
import { DirectDebitFormView } from './direct-debit-form';
import { OtpStep } from './otp-step';
import './direct-debit.scss';

const EMPTY_FORM: DirectDebitForm = {
  account_holder: '',
  iban: '',
  street: '',
  house_number: '',
  zip: '',
  city: '',
  phone: '',
  terms: false,
};

/**
 * /directdebit?bundle=<id> (spec sections 2 and 3): the direct-debit form for a bundle, then the
 * SMS code that confirms the order, which leads to the order's page. A blocked account or a
 * reached limit replace both with their message and a way to pay otherwise.
 */
export function DirectDebit({ discount }: { discount: ActiveDiscount | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bundleId = parseBundleParam(params.get('bundle'));
  const bundles = useBundles();

  const choose = (title: string, text: string, to = '/credits') => (
    <EmptyState
      icon={<GemIcon size={28} />}
      title={title}
      text={text}
      action={
        <Link className="btn btn-primary" to={to}>
          {t('directDebit.otherMethod')}
        </Link>
      }
    />
  );

  if (bundleId === null) return choose(t('directDebit.noBundle.title'), t('directDebit.noBundle.text'));
  if (!bundles.data) {
    if (bundles.isError) {
      return (
        <div className="dd-state" role="alert">
          <p className="fw-semibold">{t('directDebit.loadError')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void bundles.refetch()}>
            {t('directDebit.retry')}
          </button>
        </div>
      );
    }
    return <div className="dd-skeleton" aria-busy="true" aria-label={t('directDebit.loading')} />;
  }
  const bundle = bundles.data.bundles.find((candidate) => candidate.id === bundleId);
  if (!bundle) return choose(t('directDebit.noBundle.title'), t('directDebit.noBundle.text'));
  if (!bundles.data.methods.includes('sdd')) {
    return choose(t('directDebit.notOffered.title'), t('directDebit.notOffered.text'), `/credits/${bundle.id}`);
  }
  return <DirectDebitFlow bundle={bundle} currency={bundles.data.currency} discount={discount} />;
}

/** The two steps for one bundle: the form, then the SMS code. */
function DirectDebitFlow({
  bundle,
  currency,
  discount,
}: {
  bundle: Bundle;
  currency: string;
  discount: ActiveDiscount | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useSettings();
  const company = useCompanyInfo();
  const start = useStartDirectDebit();
  const confirm = useConfirmDirectDebit();
  const [form, setForm] = useState<DirectDebitForm>(EMPTY_FORM);
  const [sent, setSent] = useState<DirectDebitResponse | null>(null);
  // The same discount as the other methods; the server checks the code again and takes it off.
  const price = priceView(bundle.price, discount, 'sdd');
  const amount = formatMoney(price.final, currency, intlLocale());

  const failure = [start.error, confirm.error]
    .map((error) => directDebitFailure(error instanceof ApiError ? error.error : null))
    .find((kind) => kind === 'blocked' || kind === 'limit');

  async function handleSubmit(checked: DirectDebitForm) {
    confirm.reset();
    setForm(checked);
    const code = price.percentage !== null && discount ? { code: discount.code } : {};
    setSent(await start.mutateAsync({ ...checked, bundle_id: bundle.id, ...code }));
  }

  async function handleConfirm(otp: string) {
    if (!sent) return;
    const { order } = await confirm.mutateAsync({ order_id: sent.order_id, otp });
    void navigate(`/transactions/${order.id}`, { replace: true });
  }

  function handleBack() {
    confirm.reset();
    start.reset();
    setSent(null);
  }

  return (
    <div className="dd">
      <section className={`dd-summary dd-summary--${bundle.tier}`} aria-labelledby="dd-summary-title">
        <h2 id="dd-summary-title" className="dd-summary__title">
          {t('directDebit.summary.title')}
        </h2>
        <p className="dd-summary__bundle">
          <GemIcon size={22} /> {t('directDebit.summary.credits', { count: bundle.credits })}
        </p>
        <p className="dd-summary__amount">
          {price.percentage !== null && (
            <del className="dd-summary__list">{formatMoney(price.list, currency, intlLocale())}</del>
          )}{' '}
          {amount}
        </p>
        <p className="dd-summary__note">
          <LockIcon size={16} /> {t('directDebit.summary.note')}
        </p>
      </section>

      {failure ? (
        <StopNotice kind={failure} bundleId={bundle.id} />
      ) : sent ? (
        <OtpStep phoneHint={sent.phone_hint} onSubmit={handleConfirm} onBack={handleBack} done={confirm.isSuccess} />
      ) : (
        <DirectDebitFormView
          initial={form}
          onSubmit={handleSubmit}
          creditor={company?.name ?? settings.name}
          amount={amount}
        />
      )}
    </div>
  );
}

/** Direct debit is blocked for the member, or its monthly limit reached (spec section 8). */
function StopNotice({ kind, bundleId }: { kind: 'blocked' | 'limit'; bundleId: number }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The notice replaces the form the member was using: focus moves to it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="dd-stop" role="alert" aria-labelledby="dd-stop-title">
      <span className="dd-stop__icon" aria-hidden="true">
        <ReceiptIcon size={26} />
      </span>
      <h2 id="dd-stop-title" ref={headingRef} tabIndex={-1} className="dd-stop__title">
        {t(`directDebit.${kind}.title`)}
      </h2>
      <p>{t(`directDebit.${kind}.text`, { limit: DIRECT_DEBIT_MONTHLY_LIMIT })}</p>
      <Link className="btn btn-primary" to={`/credits/${bundleId}`}>
        {t('directDebit.otherMethod')}
      </Link>
    </section>
  );
}
