import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useUser } from '../../data/user';
import { useCompanyInfo } from '../../data/company-info';
import { useSettings } from '../../data/settings';
import { currentLocale } from '../../lib/i18n';
import { useCurrentRoute } from '../hooks/use-current-route';
import { useInstalledApp } from '../hooks/use-media-query';
import { footerClasses } from '../rules';
import { LegalDisclaimer } from './legal-disclaimer';

const FOOTER_LINKS = [
  { key: 'terms', to: '/pages/terms' },
  { key: 'privacy', to: '/pages/privacy' },
  { key: 'cookies', to: '/pages/cookies' },
  { key: 'ban', to: '/pages/ban' },
  { key: 'pricing', to: '/pricing' },
  { key: 'complaints', to: '/complaints' },
  { key: 'returnPolicy', to: '/pages/return-policy' },
  { key: 'faq', to: '/pages/faq' },
] as const;

/**
 * The site footer: its links, the US compliance notice for English when the site enables
 * it, and the legal disclaimer. Its page-state classes (installed-app, logged-in, not-home)
 * drive its layout from CSS.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const settings = useSettings();
  const company = useCompanyInfo();
  const user = useUser();
  const route = useCurrentRoute();
  const installed = useInstalledApp();
  const classes = footerClasses({ installed, loggedIn: user !== null, routeName: route?.name ?? '' });
  const showUsFooter = settings.enable_us_footer && currentLocale() === 'en';

  return (
    <footer className={['site-footer', ...classes].join(' ')}>
      <div className="container">
        <div className="site-footer__intro">
          <BrandLogo name={settings.name} />
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.nav')}>
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to}>{t(`footer.${link.key}`)}</Link>
              </li>
            ))}
            <li>
              <a href={`mailto:${settings.support_email}`}>{t('footer.support')}</a>
            </li>
          </ul>
        </nav>
        {showUsFooter && (
          <section className="site-footer__us" aria-label={t('usFooter.title')}>
            <h2>{t('usFooter.title')}</h2>
            <p>
              {t('usFooter.text', {
                company: company?.name ?? settings.name,
                address: company ? `${company.address}, ${company.city}, ${company.country}` : settings.support_email,
              })}
            </p>
          </section>
        )}
        <LegalDisclaimer settings={settings} company={company} />
      </div>
    </footer>
  );
}
