import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useSettings } from '../../data/settings';
import { LanguageMenu } from './language-menu';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';

/** The landing-page layout: a brand bar, the page, the footer with the disclaimer. */
export function LanderLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="layout layout--lander">
      <SkipLink />
      <header className="brand-bar">
        <div className="container brand-bar__inner">
          <Link to="/" className="top-bar__brand">
            <BrandLogo name={settings.name} />
          </Link>
          <div className="top-bar__actions">
            <LanguageMenu />
            <Link to="/login" className="btn btn-outline-secondary btn-sm">
              {t('nav.login')}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
