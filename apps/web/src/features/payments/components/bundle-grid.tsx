import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GemIcon } from '../../../components/icons';
import type { Bundle } from '../api/contract';
import { useBundles } from '../api/get-bundles';
import { formatMoney, priceView, pricePerCredit, savingPercent, type ActiveDiscount } from '../rules';
import { Price } from './price';
import { intlLocale } from '../locale';
import '../payments.scss';

/** Where a bundle card leads: its checkout, or the signup for visitors. */
export interface BundleAction {
  to: string;
  label: string;
}

interface BundleGridProps {
  bundles: readonly Bundle[];
  currency: string;
  discount: ActiveDiscount | null;
  action: (bundle: Bundle) => BundleAction;
}

/**
 * The credit bundles as cards styled by tier (p0 to p3), the popular one highlighted: credits,
 * the price (struck through with the discounted price beside it while a discount applies), the
 * price per credit and one badge: the discount's percentage off where it applies, else what the
 * larger bundles save (two percentages side by side read as competing offers).
 */
export function BundleGrid({ bundles, currency, discount, action }: BundleGridProps) {
  const { t } = useTranslation();
  const locale = intlLocale();
  return (
    <ul className="bundle-grid" aria-label={t('payments.bundles.label')}>
      {bundles.map((bundle) => {
        const price = priceView(bundle.price, discount, null);
        const saving = savingPercent(bundle, bundles);
        const titleId = `bundle-${bundle.id}-title`;
        return (
          <li
            key={bundle.id}
            className={`bundle-card bundle-card--${bundle.tier}${bundle.popular ? ' bundle-card--popular' : ''}`}
          >
            <article aria-labelledby={titleId} className="bundle-card__body">
              {bundle.popular && <p className="bundle-card__ribbon">{t('payments.bundles.popular')}</p>}
              <h3 id={titleId} className="bundle-card__credits">
                <GemIcon size={22} />
                <span className="bundle-card__amount">{bundle.credits.toLocaleString(locale)}</span>
                <span className="bundle-card__unit">{t('payments.bundles.credits', { count: bundle.credits })}</span>
              </h3>
              <Price view={price} currency={currency} size="lg" />
              <p className="bundle-card__per-credit">
                {t('payments.bundles.perCredit', {
                  price: formatMoney(pricePerCredit(price.final, bundle.credits), currency, locale),
                })}
              </p>
              {saving > 0 && price.percentage === null && (
                <p className="bundle-card__saving">{t('payments.bundles.saving', { percent: saving })}</p>
              )}
              {price.miss === 'minimum' && discount?.minimum != null && (
                <p className="bundle-card__note">
                  {t('payments.discount.minimum', {
                    percent: discount.percentage,
                    amount: formatMoney(discount.minimum, currency, locale),
                  })}
                </p>
              )}
              <div className="bundle-card__action">
                <BundleLink bundle={bundle} action={action(bundle)} />
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** A card's call to action; screen readers also hear which bundle it is for. */
function BundleLink({ bundle, action }: { bundle: Bundle; action: BundleAction }) {
  const { t } = useTranslation();
  return (
    <Link
      className={`btn ${bundle.popular ? 'btn-primary' : 'btn-outline-primary'} bundle-card__button`}
      to={action.to}
    >
      {action.label}
      <span className="visually-hidden">, {t('payments.bundles.chooseLabel', { count: bundle.credits })}</span>
    </Link>
  );
}

interface BundleShopProps {
  discount: ActiveDiscount | null;
  action: BundleGridProps['action'];
}

/** The bundles as bundles.php answers them, with the loading and error states around the grid. */
export function BundleShop({ discount, action }: BundleShopProps) {
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
      <div role="status">
        <span className="visually-hidden">{t('payments.bundles.loading')}</span>
        <ul className="bundle-grid" aria-hidden="true">
          {['p0', 'p1', 'p2', 'p3'].map((tier) => (
            <li key={tier} className="bundle-card bundle-card--skeleton" />
          ))}
        </ul>
      </div>
    );
  }
  return (
    <BundleGrid bundles={bundles.data.bundles} currency={bundles.data.currency} discount={discount} action={action} />
  );
}
