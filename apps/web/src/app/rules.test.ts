import { AFTER_LOGIN_PATH, CHUNK_RELOAD_GUARD } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../testing/factories';
import {
  activationReminder,
  afterLoginPath,
  creditsBadge,
  creditsRouteName,
  DISABLED_NOTIFICATIONS_ALERT_EXCLUDED_ROUTES,
  documentTitle,
  footerClasses,
  isChunkLoadError,
  languageOptions,
  loginPath,
  memberPrompt,
  type MemberPromptInput,
  PROFILE_PHOTO_ALERT_EXCLUDED_ROUTES,
  PUSH_ALERT_EXCLUDED_ROUTES,
  shouldReloadForChunkError,
  shouldShowBackButton,
  shouldShowDisabledNotificationsAlert,
  shouldShowEntryWarning,
  shouldShowProfilePhotoAlert,
  shouldShowPushAlert,
  type EntryWarningInput,
  type PushAlertInput,
} from './rules';

describe('shouldShowEntryWarning', () => {
  const base: EntryWarningInput = {
    routeName: 'index',
    layout: 'default',
    popup: 'yes',
    country: 'GB',
    dismissed: false,
  };

  it('shows on default-layout pages for everyone', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
    expect(shouldShowEntryWarning({ ...base, country: null })).toBe(true);
  });

  it('shows only once', () => {
    expect(shouldShowEntryWarning({ ...base, dismissed: true })).toBe(false);
  });

  it('is off when the site switches the popup off', () => {
    expect(shouldShowEntryWarning({ ...base, popup: 'no' })).toBe(false);
  });

  it('never shows on complete-signup and the password reset pages', () => {
    for (const routeName of ['complete-signup', 'reset-password', 'reset-password-do']) {
      expect(shouldShowEntryWarning({ ...base, routeName })).toBe(false);
    }
  });

  it('never shows in the empty layout', () => {
    expect(shouldShowEntryWarning({ ...base, routeName: 'signup', layout: 'empty', country: 'NL' })).toBe(false);
  });

  it('shows in the chat and lander layouts only for visitors from NL and DE', () => {
    for (const layout of ['chat', 'lander'] as const) {
      expect(shouldShowEntryWarning({ ...base, layout, country: 'NL' })).toBe(true);
      expect(shouldShowEntryWarning({ ...base, layout, country: 'DE' })).toBe(true);
      expect(shouldShowEntryWarning({ ...base, layout, country: 'BE' })).toBe(false);
      expect(shouldShowEntryWarning({ ...base, layout, country: null })).toBe(false);
    }
  });
});

describe('shouldShowBackButton', () => {
  it('shows in the installed app with history on the listed routes', () => {
    for (const routeName of ['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod']) {
      expect(shouldShowBackButton({ installed: true, historyLength: 2, routeName })).toBe(true);
    }
  });

  it('hides in the browser, without history, or on other routes', () => {
    expect(shouldShowBackButton({ installed: false, historyLength: 5, routeName: 'members-id' })).toBe(false);
    expect(shouldShowBackButton({ installed: true, historyLength: 1, routeName: 'members-id' })).toBe(false);
    expect(shouldShowBackButton({ installed: true, historyLength: 5, routeName: 'members' })).toBe(false);
  });
});

describe('footerClasses', () => {
  it('carries no class for a visitor on the home page in the browser', () => {
    expect(footerClasses({ installed: false, loggedIn: false, routeName: 'index' })).toEqual([]);
  });

  it('marks installed-app mode, a logged-in member and any page but home', () => {
    expect(footerClasses({ installed: true, loggedIn: true, routeName: 'members' })).toEqual([
      'installed-app',
      'logged-in',
      'not-home',
    ]);
  });
});

describe('languageOptions', () => {
  it('offers the languages of the visitor country in catalogue order', () => {
    expect(languageOptions('CH', 'de')).toEqual(['en', 'de', 'fr', 'it']);
    expect(languageOptions('NL', 'nl')).toEqual(['nl']);
  });

  it('always includes the current language', () => {
    expect(languageOptions('NL', 'en')).toEqual(['nl', 'en']);
  });

  it('offers every language for an unknown country', () => {
    expect(languageOptions(null, 'nl')).toHaveLength(11);
  });
});

describe('creditsBadge', () => {
  it('is hidden above 10 credits', () => {
    expect(creditsBadge(11)).toBeNull();
  });

  it('warns from 10 down to 1 credit', () => {
    expect(creditsBadge(10)).toEqual({ text: '10', variant: 'warning' });
    expect(creditsBadge(1)).toEqual({ text: '1', variant: 'warning' });
  });

  it('is a danger at 0 credits', () => {
    expect(creditsBadge(0)).toEqual({ text: '0', variant: 'danger' });
  });
});

describe('creditsRouteName', () => {
  it('sends paid members to a repeat order and others to premium', () => {
    expect(creditsRouteName(true)).toBe('credits-repeat-order');
    expect(creditsRouteName(false)).toBe('premium');
  });
});

describe('loginPath and afterLoginPath', () => {
  it('remembers where the visitor came from', () => {
    expect(loginPath('/chats/12?x=1')).toBe('/login?redirect=%2Fchats%2F12%3Fx%3D1');
    expect(afterLoginPath('/chats/12?x=1')).toBe('/chats/12?x=1');
  });

  it('lands in the members area by default', () => {
    expect(afterLoginPath(null)).toBe(AFTER_LOGIN_PATH);
    expect(afterLoginPath('/login')).toBe(AFTER_LOGIN_PATH);
  });

  it('never redirects off the site', () => {
    expect(afterLoginPath('//evil.example')).toBe(AFTER_LOGIN_PATH);
    expect(afterLoginPath('https://evil.example')).toBe(AFTER_LOGIN_PATH);
    expect(afterLoginPath('/\\evil.example')).toBe(AFTER_LOGIN_PATH);
    expect(loginPath('//evil.example')).toBe('/login');
  });
});

describe('chunk reload guard', () => {
  it('recognises failed dynamic imports of the main browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads when it never reloaded before', () => {
    expect(shouldReloadForChunkError(null, 1_000)).toBe(true);
  });

  it('reloads at most once per minute', () => {
    const last = 1_000_000;
    expect(shouldReloadForChunkError(last, last + CHUNK_RELOAD_GUARD - 1)).toBe(false);
    expect(shouldReloadForChunkError(last, last + CHUNK_RELOAD_GUARD)).toBe(true);
  });
});

describe('documentTitle', () => {
  it('names the page and the site', () => {
    expect(documentTitle('Likes', 'Amoria', 0)).toBe('Likes | Amoria');
    expect(documentTitle(null, 'Amoria – daten', 0)).toBe('Amoria – daten');
  });

  it('puts unread messages plus new likes in brackets', () => {
    expect(documentTitle('Chats', 'Amoria', 4)).toBe('(4) Chats | Amoria');
  });
});

describe('activationReminder', () => {
  const unconfirmed = buildUser({
    status: 'not_confirmed',
    profile: { id: 7, name: 'Sanne', country: 'NL', status: 'disabled', main_image: null },
  });

  it('shows an alert for an unconfirmed member with a disabled profile', () => {
    expect(activationReminder({ user: unconfirmed, fromSignup: false, phone: false })).toBe('alert');
    expect(activationReminder({ user: unconfirmed, fromSignup: false, phone: true })).toBe('alert');
    expect(activationReminder({ user: unconfirmed, fromSignup: true, phone: false })).toBe('alert');
  });

  it('shows a modal when returning from signup on a smartphone', () => {
    expect(activationReminder({ user: unconfirmed, fromSignup: true, phone: true })).toBe('modal');
  });

  it('does not show for visitors, confirmed members, active profiles or disabled notifications', () => {
    expect(activationReminder({ user: null, fromSignup: true, phone: true })).toBeNull();
    expect(activationReminder({ user: buildUser(), fromSignup: false, phone: false })).toBeNull();
    expect(
      activationReminder({
        user: { ...unconfirmed, profile: { ...unconfirmed.profile, status: 'active' } },
        fromSignup: false,
        phone: false,
      }),
    ).toBeNull();
    expect(
      activationReminder({
        user: { ...unconfirmed, notifications_disabled: ['bounce'] },
        fromSignup: false,
        phone: false,
      }),
    ).toBeNull();
  });
});

describe('shouldShowProfilePhotoAlert', () => {
  const withoutPhoto = buildUser();
  const withPhoto = buildUser({
    profile: {
      ...withoutPhoto.profile,
      main_image: { filename: '/media/a.webp', thumb_filename: '/media/a-thumb.webp', match: '/media/a-match.webp' },
    },
  });

  it('shows for a member without a main image', () => {
    for (const routeName of ['members', 'complete-signup', 'chats']) {
      expect(shouldShowProfilePhotoAlert({ user: withoutPhoto, routeName, dismissed: false })).toBe(true);
    }
  });

  it('never shows on profile, signup, activate-done, premium, notifications, directdebit and settings', () => {
    const excluded = ['profile', 'signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'];
    expect([...PROFILE_PHOTO_ALERT_EXCLUDED_ROUTES].sort()).toEqual([...excluded].sort());
    for (const routeName of excluded) {
      expect(shouldShowProfilePhotoAlert({ user: withoutPhoto, routeName, dismissed: false })).toBe(false);
    }
  });

  it('stays away once dismissed, with a photo, and for visitors', () => {
    expect(shouldShowProfilePhotoAlert({ user: withoutPhoto, routeName: 'members', dismissed: true })).toBe(false);
    expect(shouldShowProfilePhotoAlert({ user: withPhoto, routeName: 'members', dismissed: false })).toBe(false);
    expect(shouldShowProfilePhotoAlert({ user: null, routeName: 'members', dismissed: false })).toBe(false);
  });
});

describe('shouldShowPushAlert', () => {
  const base: PushAlertInput = {
    loggedIn: true,
    pushState: 'unknown',
    configured: true,
    routeName: 'members',
    dismissed: false,
  };

  it('shows to members whose browser can take push and was not asked yet', () => {
    expect(shouldShowPushAlert(base)).toBe(true);
  });

  it('does not show to visitors, on a site without a push key, or once dismissed', () => {
    expect(shouldShowPushAlert({ ...base, loggedIn: false })).toBe(false);
    expect(shouldShowPushAlert({ ...base, configured: false })).toBe(false);
    expect(shouldShowPushAlert({ ...base, dismissed: true })).toBe(false);
  });

  it('does not show when push is not supported, already on, refused, or not read yet', () => {
    for (const pushState of ['not-capable', 'subscribed', 'denied', null] as const) {
      expect(shouldShowPushAlert({ ...base, pushState })).toBe(false);
    }
  });

  it('never shows on signup, notifications, activate-done, directdebit and premium', () => {
    expect([...PUSH_ALERT_EXCLUDED_ROUTES].sort()).toEqual([
      'activate-done',
      'directdebit',
      'notifications',
      'premium',
      'signup',
    ]);
    for (const routeName of PUSH_ALERT_EXCLUDED_ROUTES) expect(shouldShowPushAlert({ ...base, routeName })).toBe(false);
    expect(shouldShowPushAlert({ ...base, routeName: 'settings' })).toBe(true);
  });
});

describe('shouldShowDisabledNotificationsAlert', () => {
  const user = { notifications_disabled: ['bounce'] };

  it('shows while e-mail is disabled for any reason, until dismissed', () => {
    for (const reason of ['fbl', 'bounce', 'listunsubscribe']) {
      const input = { user: { notifications_disabled: [reason] }, routeName: 'chats', dismissed: false };
      expect(shouldShowDisabledNotificationsAlert(input)).toBe(true);
    }
    expect(shouldShowDisabledNotificationsAlert({ user, routeName: 'chats', dismissed: true })).toBe(false);
  });

  it('does not show when e-mail is on, or to visitors', () => {
    expect(
      shouldShowDisabledNotificationsAlert({
        user: { notifications_disabled: [] },
        routeName: 'chats',
        dismissed: false,
      }),
    ).toBe(false);
    expect(shouldShowDisabledNotificationsAlert({ user: null, routeName: 'chats', dismissed: false })).toBe(false);
  });

  it('never shows on settings and notifications', () => {
    expect([...DISABLED_NOTIFICATIONS_ALERT_EXCLUDED_ROUTES].sort()).toEqual(['notifications', 'settings']);
    for (const routeName of DISABLED_NOTIFICATIONS_ALERT_EXCLUDED_ROUTES) {
      expect(shouldShowDisabledNotificationsAlert({ user, routeName, dismissed: false })).toBe(false);
    }
  });
});

describe('memberPrompt', () => {
  const photo = { filename: '/media/a.webp', thumb_filename: '/media/a-thumb.webp', match: '/media/a-match.webp' };
  // A new member: unconfirmed, no photo, push not decided, nothing dismissed.
  const fresh: MemberPromptInput = {
    user: buildUser({
      status: 'not_confirmed',
      profile: { id: 7, name: 'Sanne', country: 'NL', status: 'disabled', main_image: null },
    }),
    routeName: 'members',
    fromSignup: false,
    phone: true,
    pushState: 'unknown',
    pushConfigured: true,
    dismissed: { enrich: false, push: false, disabledNotifications: false },
  };
  const confirmed = buildUser();
  const confirmedWithPhoto = buildUser({ profile: { ...confirmed.profile, main_image: photo } });

  it('shows one prompt, by priority: activation, profile photo, push, disabled notifications', () => {
    expect(memberPrompt(fresh)).toBe('activation');
    expect(memberPrompt({ ...fresh, user: confirmed })).toBe('profile-photo');
    expect(memberPrompt({ ...fresh, user: confirmedWithPhoto })).toBe('push');
    const bounced = { ...confirmedWithPhoto, notifications_disabled: ['bounce' as const] };
    expect(memberPrompt({ ...fresh, user: bounced, pushState: 'subscribed' })).toBe('disabled-notifications');
    // Push outranks the disabled-notifications alert while both apply.
    expect(memberPrompt({ ...fresh, user: bounced })).toBe('push');
  });

  it('tells a verification outcome right after the activation reminder, except on /profile and payment steps', () => {
    const told = { ...fresh.user!, verification_notice: 'rejected' };
    expect(memberPrompt({ ...fresh, user: told })).toBe('activation');
    const approved = buildUser({ verification_notice: 'approved' });
    expect(memberPrompt({ ...fresh, user: approved })).toBe('verification-notice');
    expect(memberPrompt({ ...fresh, user: approved, routeName: 'profile' })).toBe('push');
    expect(memberPrompt({ ...fresh, user: approved, routeName: 'premium' })).toBeNull();
    expect(memberPrompt({ ...fresh, user: { ...approved, verification_notice: null } })).toBe('profile-photo');
  });

  it('the activation reminder is a modal right after signup on a phone, an alert otherwise', () => {
    expect(memberPrompt({ ...fresh, fromSignup: true })).toBe('activation-modal');
    expect(memberPrompt({ ...fresh, fromSignup: true, phone: false })).toBe('activation');
  });

  it('a dismissed prompt makes way for the next; the activation reminder cannot be dismissed', () => {
    const dismissed = { enrich: true, push: true, disabledNotifications: true };
    expect(memberPrompt({ ...fresh, dismissed })).toBe('activation');
    expect(memberPrompt({ ...fresh, user: confirmed, dismissed: { ...fresh.dismissed, enrich: true } })).toBe('push');
    expect(
      memberPrompt({ ...fresh, user: confirmed, dismissed: { ...dismissed, disabledNotifications: false } }),
    ).toBeNull();
  });

  it("keeps each prompt's page exceptions, letting the next one show there", () => {
    expect(memberPrompt({ ...fresh, routeName: 'activate-error' })).toBe('profile-photo');
    expect(memberPrompt({ ...fresh, user: confirmed, routeName: 'profile' })).toBe('push');
    expect(memberPrompt({ ...fresh, user: confirmed, routeName: 'premium' })).toBeNull();
    const bounced = { ...confirmedWithPhoto, notifications_disabled: ['fbl' as const] };
    expect(memberPrompt({ ...fresh, user: bounced, routeName: 'notifications' })).toBeNull();
    expect(memberPrompt({ ...fresh, user: bounced, routeName: 'profile', pushState: 'denied' })).toBe(
      'disabled-notifications',
    );
  });

  it('asks about push only where it can be sent and was not decided', () => {
    const member = { ...fresh, user: confirmedWithPhoto };
    expect(memberPrompt({ ...member, pushState: 'not-capable' })).toBeNull();
    expect(memberPrompt({ ...member, pushState: 'denied' })).toBeNull();
    expect(memberPrompt({ ...member, pushState: 'subscribed' })).toBeNull();
    expect(memberPrompt({ ...member, pushConfigured: false })).toBeNull();
  });

  it('shows visitors nothing', () => {
    expect(memberPrompt({ ...fresh, user: null })).toBeNull();
  });
});
