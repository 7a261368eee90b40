import { cleanPhone } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../components/icons';
import { useCompanyInfo } from '../../../data/company-info';
import { useSettings } from '../../../data/settings';

/**
 * What the payment pages promise under the order: a secured payment, the refund period
 * (spec section 9) and the company the member pays (spec section 3's company info).
 */
export function PaymentAssurance() {
  const { t } = useTranslation();
  const settings = useSettings();
  const company = useCompanyInfo();
  const phone = company ? cleanPhone(company.support_phone) : '';
  return (
    <aside className="payment-assurance" aria-label={t('payments.assurance.label')}>
      <LockIcon size={22} />
      <div>
        <p className="payment-assurance__title">{t('pages.paymentMethod.emptyTitle')}</p>
        <p>{t('pages.paymentMethod.emptyText')}</p>
        <p>{t('payments.assurance.refund', { days: settings.refund_days })}</p>
        {company && (
          <address className="payment-assurance__company">
            {company.name}, {company.address}, {company.city} · {t('payments.assurance.kvk', { kvk: company.kvk })}
            {company.vat_numbers.length > 0 && (
              <> · {t('payments.assurance.vat', { vat: company.vat_numbers.join(', ') })}</>
            )}
            {phone && (
              <>
                {' · '}
                <a href={`tel:${phone}`}>{phone}</a>
              </>
            )}
          </address>
        )}
      </div>
    </aside>
  );
}
