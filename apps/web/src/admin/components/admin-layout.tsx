import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { StaffMe } from '../api/contract';
import { useStaffLogout } from '../api/logout';
import { navItemsFor } from '../rules';
import { LanguageSwitch } from './language-switch';

/**
 * The console's frame: a sidebar with the sections the role may open (always shown from
 * 992 px, a menu to open on phones), who is logged in, the language and logout; then the page,
 * under a warning on every page while payments go through the demo checkout.
 */
export function AdminLayout({
  staff,
  demoPayments,
  children,
}: {
  staff: StaffMe;
  demoPayments: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const logout = useStaffLogout();
  const location = useLocation();
  // The phone menu is open for the page it was opened on: choosing a section closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;

  return (
    <div className="admin">
      <a className="admin-skip" href="#admin-main">
        {t('nav.skip')}
      </a>
      <header className="admin-topbar">
        <span className="admin-brand">{t('brand')}</span>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-expanded={open}
          aria-controls="admin-nav"
          onClick={() => setOpenOn(open ? null : location.pathname)}
        >
          {open ? t('nav.closeMenu') : t('nav.menu')}
        </button>
      </header>
      <div id="admin-nav" className={`admin-sidebar${open ? ' admin-sidebar--open' : ''}`}>
        <span className="admin-brand admin-sidebar__brand">{t('brand')}</span>
        <nav aria-label={t('nav.label')}>
          <ul className="admin-nav">
            {navItemsFor(staff.role).map((item) => (
              <li key={item.key}>
                <NavLink to={item.path} end={item.key === 'dashboard'} className="admin-nav__link">
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar__footer">
          <p className="admin-sidebar__who">
            <span className="fw-semibold">{staff.name}</span>
            <span className="admin-role">{t(`roles.${staff.role}`)}</span>
          </p>
          <LanguageSwitch />
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm w-100 mt-2"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {t('nav.logout')}
          </button>
        </div>
      </div>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {demoPayments && <p className="alert alert-warning">{t('demoPayments')}</p>}
        {children}
      </main>
    </div>
  );
}
