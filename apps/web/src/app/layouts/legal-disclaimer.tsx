import type { CompanyInfo, SiteSettings } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { SparklesIcon } from '../../components/icons';

interface LegalDisclaimerProps {
  settings: SiteSettings;
  company: CompanyInfo | null;
}

/** Adults only, the disclosure of fictional profiles (a legal duty) and who runs the site. */
export function LegalDisclaimer({ settings, company }: LegalDisclaimerProps) {
  const { t } = useTranslation();
  return (
    <section className="legal-disclaimer" aria-label={t('disclaimer.label')}>
      <p>
        <span className="legal-disclaimer__age">{t('disclaimer.ageBadge', { age: settings.min_age })}</span>{' '}
        {t('disclaimer.adults', { name: settings.name, age: settings.min_age })}
      </p>
      <p>
        <SparklesIcon size={16} className="legal-disclaimer__fictional" />{' '}
        {t('disclaimer.fictional', {
          name: settings.name,
          plural: settings.fictional_plural,
          warning: settings.fictional_warning,
        })}
      </p>
      {company && (
        <p className="legal-disclaimer__company">
          {t('disclaimer.company', {
            year: new Date().getFullYear(),
            company: company.name,
            address: company.address,
            city: company.city,
            country: company.country,
          })}
          {company.kvk && <> · {t('disclaimer.kvk', { kvk: company.kvk })}</>}
          {company.vat_numbers.length > 0 && <> · {t('disclaimer.vat', { vat: company.vat_numbers.join(', ') })}</>}
        </p>
      )}
    </section>
  );
}
