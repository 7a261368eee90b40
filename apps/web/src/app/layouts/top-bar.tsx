import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ArrowLeftIcon, EyeIcon, HeartIcon, MessageIcon, SearchIcon } from '../../components/icons';
import { useUser } from '../../data/user';
import { useSettings } from '../../data/settings';
import { TimeBonusSlot } from '../../features/time-bonus/components/time-bonus-slot';
import { useActivityCounts } from '../hooks/use-activity-counts';
import { useCurrentRoute } from '../hooks/use-current-route';
import { useInstalledApp } from '../hooks/use-media-query';
import { shouldShowBackButton } from '../rules';
import { AccountMenu } from './account-menu';
import { CountBadge } from './count-badge';
import { CreditsLink } from './credits-link';
import { LanguageMenu } from './language-menu';

/**
 * The top navigation of the default layout (spec section 2). On phones members also get the
 * tab bar, so the top bar stays compact there.
 */
export function TopBar() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const route = useCurrentRoute();
  const installed = useInstalledApp();
  const navigate = useNavigate();
  const { unreadMessages, newLikes, newVisitors } = useActivityCounts();
  const showBack =
    route !== null && shouldShowBackButton({ installed, historyLength: window.history.length, routeName: route.name });

  return (
    <header className="top-bar">
      <nav className="container top-bar__inner" aria-label={t('nav.main')}>
        {showBack && (
          <button
            type="button"
            className="top-bar__icon-button top-bar__back"
            aria-label={t('nav.back')}
            onClick={() => void navigate(-1)}
          >
            <ArrowLeftIcon size={22} />
          </button>
        )}
        <Link to="/" className="top-bar__brand">
          <BrandLogo name={settings.name} />
        </Link>

        <ul className="top-bar__nav">
          <li>
            <NavLink to="/members" className="top-bar__link">
              <SearchIcon size={20} />
              <span className="nav-label">{t('nav.search')}</span>
            </NavLink>
          </li>
          {user && (
            <>
              <li>
                <NavLink to="/likes" className="top-bar__link">
                  <HeartIcon size={20} />
                  <span className="nav-label">{t('nav.likes')}</span>
                  <CountBadge count={newLikes} label={t('nav.newLikes', { count: newLikes })} />
                </NavLink>
              </li>
              <li>
                <NavLink to="/visitors" className="top-bar__link">
                  <EyeIcon size={20} />
                  <span className="nav-label">{t('nav.visitors')}</span>
                  <CountBadge count={newVisitors} label={t('nav.newVisitors', { count: newVisitors })} />
                </NavLink>
              </li>
              <li>
                <NavLink to="/chats" className="top-bar__link">
                  <MessageIcon size={20} />
                  <span className="nav-label">{t('nav.messages')}</span>
                  <CountBadge count={unreadMessages} label={t('nav.unreadMessages', { count: unreadMessages })} />
                </NavLink>
              </li>
            </>
          )}
        </ul>

        <div className="top-bar__actions">
          {/* The time bonus's countdown chip, with its modal, for members who have not paid yet. */}
          <TimeBonusSlot />
          {user && <CreditsLink user={user} className="top-bar__credits" />}
          <LanguageMenu />
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <>
              <Link to="/login" className="btn btn-outline-secondary btn-sm top-bar__login">
                {t('nav.login')}
              </Link>
              <Link to="/signup" className="btn btn-primary btn-sm top-bar__signup">
                <span className="d-none d-sm-inline">{t('nav.signup')}</span>
                <span className="d-sm-none">{t('nav.signupShort')}</span>
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
