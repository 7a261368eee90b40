import type { User } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar';
import { DropdownMenu } from '../../components/dropdown-menu';
import { ChevronDownIcon, LogoutIcon, SlidersIcon, UserIcon } from '../../components/icons';
import { useLogout } from '../../features/account/api/logout';

/** The account dropdown (#account-menu): my profile, settings, logout. */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  // The server sends ready URLs (the CDN's or /media/...).
  const photo = user.profile.main_image?.thumb_filename ?? null;

  function handleLogout() {
    // Leave members-only pages first, so nobody is bounced to the login page on the way out.
    void Promise.resolve(navigate('/'))
      .then(() => logout())
      .catch(() => undefined);
  }

  return (
    <DropdownMenu
      id="account-menu"
      // With the name the button shows on wide screens, so it can be called by what it reads.
      label={`${t('account.menu')}: ${user.profile.name}`}
      toggleClassName="top-bar__account"
      toggle={
        <>
          <Avatar name={user.profile.name} src={photo} size={34} />
          <span className="top-bar__account-name d-none d-xl-inline">{user.profile.name}</span>
          <ChevronDownIcon size={14} className="d-none d-md-inline" />
        </>
      }
      header={
        <div className="dropdown-header account-menu__header">
          <Avatar name={user.profile.name} src={photo} size={40} />
          <span>
            <strong>{user.profile.name}</strong>
            <small>{t('account.loggedIn')}</small>
          </span>
        </div>
      }
      items={[
        { key: 'profile', to: '/profile', label: t('account.profile'), icon: <UserIcon size={18} /> },
        { key: 'settings', to: '/settings', label: t('account.settings'), icon: <SlidersIcon size={18} /> },
        { key: 'logout', label: t('account.logout'), icon: <LogoutIcon size={18} />, onSelect: handleLogout },
      ]}
    />
  );
}
