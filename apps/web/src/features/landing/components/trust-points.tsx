import { useTranslation } from 'react-i18next';
import { LockIcon, MailCheckIcon, SparklesIcon } from '../../../components/icons';

interface TrustPointsProps {
  siteName: string;
  /** settings.fictional_plural: how the site names its fictional profiles. */
  fictionalPlural: string;
}

/** Why dating here is safe: confirmed e-mail, privacy, and fictional profiles disclosed. */
export function TrustPoints({ siteName, fictionalPlural }: TrustPointsProps) {
  const { t } = useTranslation();
  const values = { name: siteName, plural: fictionalPlural };
  const points = [
    { key: 'verified', icon: <MailCheckIcon size={24} /> },
    { key: 'privacy', icon: <LockIcon size={24} /> },
    { key: 'fictional', icon: <SparklesIcon size={24} /> },
  ];
  return (
    <section className="landing-section landing-section--tinted" aria-labelledby="trust-title">
      <div className="container">
        <h2 id="trust-title" className="landing-section__title">
          {t('trust.title')}
        </h2>
        <p className="landing-section__lead">{t('trust.lead', values)}</p>
        <ul className="trust">
          {points.map((point) => (
            <li key={point.key} className="trust__item">
              <span className="trust__icon">{point.icon}</span>
              <div>
                <h3 className="trust__title">{t(`trust.${point.key}.title`, values)}</h3>
                <p className="trust__text">{t(`trust.${point.key}.text`, values)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
