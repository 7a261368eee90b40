import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { EyeIcon, HeartIcon, MessageIcon, SearchIcon, UserIcon } from '../../components/icons';
import { useActivityCounts } from '../hooks/use-activity-counts';
import { CountBadge } from './count-badge';

/** The phone's bottom tab bar for members: discover, likes, visitors, messages, profile. */
export function TabBar() {
  const { t } = useTranslation();
  const { unreadMessages, newLikes, newVisitors } = useActivityCounts();
  return (
    <nav className="tab-bar" aria-label={t('nav.tabs')}>
      <NavLink to="/members" className="tab-bar__link">
        <SearchIcon size={22} />
        <span>{t('nav.search')}</span>
      </NavLink>
      <NavLink to="/likes" className="tab-bar__link">
        <HeartIcon size={22} />
        <span>{t('nav.likes')}</span>
        <CountBadge count={newLikes} label={t('nav.newLikes', { count: newLikes })} />
      </NavLink>
      <NavLink to="/visitors" className="tab-bar__link">
        <EyeIcon size={22} />
        <span>{t('nav.visitors')}</span>
        <CountBadge count={newVisitors} label={t('nav.newVisitors', { count: newVisitors })} />
      </NavLink>
      <NavLink to="/chats" className="tab-bar__link">
        <MessageIcon size={22} />
        <span>{t('nav.messages')}</span>
        <CountBadge count={unreadMessages} label={t('nav.unreadMessages', { count: unreadMessages })} />
      </NavLink>
      <NavLink to="/profile" className="tab-bar__link">
        <UserIcon size={22} />
        <span>{t('nav.profile')}</span>
      </NavLink>
    </nav>
  );
}
