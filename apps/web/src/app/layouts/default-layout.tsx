import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '../../data/user';
import { ChatsActivitySlot } from '../../features/chat/components/chats-activity-slot';
import { LikesActivitySlot } from '../../features/likes/components/likes-activity-slot';
import { TimeBonusSlot } from '../../features/time-bonus/components/time-bonus-slot';
import { loadMemberTexts } from '../../lib/i18n';
import { SignupModalSlot } from '../components/signup-modal-slot';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

// Only members without a photo can see the profile-photo alert: visitors never load it.
const ProfilePhotoAlert = lazy(() =>
  import('../components/profile-photo-alert').then((module) => ({ default: module.ProfilePhotoAlert })),
);

// The activation reminder concerns members only, so visitors' first load goes without it.
const ActivationReminder = lazy(() =>
  import('../components/activation-reminder').then((module) => ({ default: module.ActivationReminder })),
);

// The push and disabled-notifications alerts are for members only, with the members-area texts.
const MemberAlerts = lazy(() =>
  Promise.all([import('../components/member-alerts'), loadMemberTexts()]).then(([module]) => ({
    default: module.MemberAlerts,
  })),
);

/**
 * The default layout (spec section 2): top navigation, the warning banners, the page, the
 * footer with the legal disclaimer; members also get the phone tab bar.
 */
export function DefaultLayout() {
  const user = useUser();
  return (
    <div className="layout layout--default">
      <SkipLink />
      <TopBar />
      {/* The warning banners (activation, profile photo, push, disabled notifications) render here. */}
      {user && (
        <Suspense fallback={null}>
          <ActivationReminder />
          <MemberAlerts />
        </Suspense>
      )}
      {user && !user.profile.main_image && (
        <Suspense fallback={null}>
          <ProfilePhotoAlert />
        </Suspense>
      )}
      {/* The time-bonus bar, with the time-bonus modal, for members who have not paid yet. */}
      <TimeBonusSlot />
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
