import { Outlet } from 'react-router';
import { useUser } from '../../data/user';
import { ChatsActivitySlot } from '../../features/chat/components/chats-activity-slot';
import { LikesActivitySlot } from '../../features/likes/components/likes-activity-slot';
import { MemberPromptSlot } from '../components/member-prompt-slot';
import { SignupModalSlot } from '../components/signup-modal-slot';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

/**
 * The default layout (spec section 2): top navigation (with the time bonus's countdown chip), the
 * one member prompt, the page, the footer with the legal disclaimer; members also get the phone
 * tab bar.
 */
export function DefaultLayout() {
  const user = useUser();
  return (
    <div className="layout layout--default">
      <SkipLink />
      <TopBar />
      {/* The member prompts (activation, profile photo, push, disabled notifications): one at a time. */}
      <MemberPromptSlot />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {user && <TabBar />}
      {/* The signup and like modals, and the likes and chats polling, mount here, outside the page's flow. */}
      <SignupModalSlot />
      <LikesActivitySlot />
      <ChatsActivitySlot />
    </div>
  );
}
