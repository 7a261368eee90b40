import { useTranslation } from 'react-i18next';
import { intlLocale } from '../locale';
import { formatMoney, type PriceView } from '../rules';

interface PriceProps {
  view: PriceView;
  currency: string;
  size?: 'md' | 'lg';
}

/**
 * A price: while a discount applies, the list price struck through, the price to pay and the
 * percentage off; screen readers hear which is which.
 */
export function Price({ view, currency, size = 'md' }: PriceProps) {
  const { t } = useTranslation();
  const locale = intlLocale();
  const final = formatMoney(view.final, currency, locale);
  if (view.percentage === null) {
    return (
      <p className={`price price--${size}`}>
        <span className="price__final">{final}</span>
      </p>
    );
  }
  return (
    <p className={`price price--${size}`}>
      <del className="price__list">
        <span className="visually-hidden">{t('payments.price.was')} </span>
        {formatMoney(view.list, currency, locale)}
      </del>{' '}
      <ins className="price__final">
        <span className="visually-hidden">{t('payments.price.now')} </span>
        {final}
      </ins>{' '}
      <span className="price__off">{t('payments.price.off', { percent: view.percentage })}</span>
    </p>
  );
}
