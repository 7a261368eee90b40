import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ArrowLeftIcon } from '../../components/icons';
import { ChatsActivitySlot } from '../../features/chat/components/chats-activity-slot';
import { LikesPollingSlot } from '../../features/likes/components/likes-polling-slot';
import { useSettings } from '../../data/settings';
import { useWideScreen } from '../hooks/use-media-query';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/**
 * The chat layout: the conversation at full height, under a slim bar with back and brand on
 * phones, and under the top navigation on wide screens, where the chat list stands beside it
 * as on /chats. The chats and likes polling run here too, so the page title's count stays
 * right in a conversation.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const wide = useWideScreen();

  function handleBack() {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/chats');
  }

  return (
    <div className="layout layout--chat">
      <SkipLink />
      {wide ? (
        <TopBar />
      ) : (
        <header className="chat-bar">
          <button type="button" className="top-bar__icon-button" aria-label={t('nav.back')} onClick={handleBack}>
            <ArrowLeftIcon size={22} />
          </button>
          <Link to="/" className="chat-bar__brand">
            <BrandLogo name={settings.name} />
          </Link>
        </header>
      )}
      <main id="main" className="layout__main layout__main--chat" tabIndex={-1}>
        <Outlet />
      </main>
      <ChatsActivitySlot />
      <LikesPollingSlot />
    </div>
  );
}
