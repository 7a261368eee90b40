import {
  AFTER_LOGIN_PATH,
  BACK_BUTTON_ROUTES,
  CHUNK_RELOAD_GUARD,
  CREDITS_BADGE_THRESHOLD,
  ENTRY_WARNING_COUNTRIES,
  ENTRY_WARNING_EXCLUDED_ROUTES,
  LOCALES,
  visibleLanguages,
  type LayoutName,
  type Locale,
} from '@app/shared';

export interface EntryWarningInput {
  routeName: string;
  layout: LayoutName;
  /** settings.enable_site_entry_popup */
  popup: 'yes' | 'no';
  /** settings.geoip_country */
  country: string | null;
  /** A dismissal is stored. */
  dismissed: boolean;
}

/**
 * Whether the site-entry warning (modal #site-entry-warning) shows (spec section 2): once,
 * unless switched off, never on the excluded routes nor in the empty layout, and in the
 * chat and lander layouts only for visitors from NL and DE.
 */
export function shouldShowEntryWarning({ routeName, layout, popup, country, dismissed }: EntryWarningInput): boolean {
  if (dismissed || popup === 'no') return false;
  if (ENTRY_WARNING_EXCLUDED_ROUTES.includes(routeName)) return false;
  if (layout === 'empty') return false;
  if (layout === 'chat' || layout === 'lander') return country !== null && ENTRY_WARNING_COUNTRIES.includes(country);
  return true;
}

export interface BackButtonInput {
  /** Running as an installed app (display-mode standalone). */
  installed: boolean;
  historyLength: number;
  routeName: string;
}

/** The top bar's back button: installed app, somewhere to go back to, and a listed route. */
export function shouldShowBackButton({ installed, historyLength, routeName }: BackButtonInput): boolean {
  return installed && historyLength > 1 && BACK_BUTTON_ROUTES.includes(routeName);
}

export interface FooterStateInput {
  installed: boolean;
  loggedIn: boolean;
  routeName: string;
}

/** Page-state classes on the footer element, which its layout varies with (spec section 2). */
export function footerClasses({ installed, loggedIn, routeName }: FooterStateInput): string[] {
  const classes: string[] = [];
  if (installed) classes.push('installed-app');
  if (loggedIn) classes.push('logged-in');
  if (routeName !== 'index') classes.push('not-home');
  return classes;
}

/** Languages in the dropdown: those visible in the visitor's country, plus the current one. */
export function languageOptions(country: string | null, current: Locale): Locale[] {
  const visible = new Set<Locale>(visibleLanguages(country));
  visible.add(current);
  return LOCALES.filter((locale) => visible.has(locale));
}

export interface CreditsBadge {
  text: string;
  variant: 'warning' | 'danger';
}

/** The credits badge of paid members: at 10 credits or fewer, warning above 0, danger at 0. */
export function creditsBadge(credits: number): CreditsBadge | null {
  if (credits > CREDITS_BADGE_THRESHOLD) return null;
  return { text: String(Math.max(credits, 0)), variant: credits > 0 ? 'warning' : 'danger' };
}

/** Paid members top up their credits; everyone else is offered premium (spec section 2). */
export function creditsRouteName(paidUser: boolean): 'credits-repeat-order' | 'premium' {
  return paidUser ? 'credits-repeat-order' : 'premium';
}

/** A same-site path, never a protocol-relative or absolute URL that would leave the site. */
function isSafeRedirect(path: string | null): path is string {
  return Boolean(path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'));
}

/** The login page, remembering where a visitor wanted to go. */
export function loginPath(from: string): string {
  return isSafeRedirect(from) && from !== '/' ? `/login?redirect=${encodeURIComponent(from)}` : '/login';
}

/** Where a member goes after logging in: back where they came from, else the members area. */
export function afterLoginPath(redirect: string | null): string {
  return isSafeRedirect(redirect) && !redirect.startsWith('/login') ? redirect : AFTER_LOGIN_PATH;
}

const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

/** Whether an error is a failed dynamic import, typically after a new release replaced the chunks. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR_PATTERN.test(message);
}

/** A chunk-load failure reloads the page at most once per CHUNK_RELOAD_GUARD (spec section 8). */
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD;
}

/** The document title: page and site name, with unread messages plus new likes in brackets. */
export function documentTitle(title: string | null, siteName: string, activity: number): string {
  const base = title ? `${title} | ${siteName}` : siteName;
  return activity > 0 ? `(${activity}) ${base}` : base;
}

export interface ActivationReminderInput {
  user: {
    status: string;
    notifications_disabled: readonly string[];
    profile: { status: string };
  } | null;
  /** The page was reached by finishing the signup form (`?from=signup`). */
  fromSignup: boolean;
  /** A phone-sized screen (below the md breakpoint). */
  phone: boolean;
}

/**
 * The activation reminder (spec section 4): for an unconfirmed member (user not_confirmed,
 * profile disabled, no disabled notifications), as a modal when returning from signup on a
 * smartphone, otherwise as an alert; null when it does not show.
 */
export function activationReminder({ user, fromSignup, phone }: ActivationReminderInput): 'modal' | 'alert' | null {
  if (!user || user.status !== 'not_confirmed' || user.profile.status !== 'disabled') return null;
  if (user.notifications_disabled.length > 0) return null;
  return fromSignup && phone ? 'modal' : 'alert';
}

/** Pages where the profile-photo alert never shows: adding a photo is done or beside the point there (spec section 4). */
export const PROFILE_PHOTO_ALERT_EXCLUDED_ROUTES: readonly string[] = [
  'profile',
  'signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
];

export interface ProfilePhotoAlertInput {
  user: { profile: { main_image: unknown } } | null;
  routeName: string;
  /** A dismissal is stored. */
  dismissed: boolean;
}

/**
 * The profile-photo alert (spec section 4): for a member without a main image, until dismissed,
 * except on the excluded routes.
 */
export function shouldShowProfilePhotoAlert({ user, routeName, dismissed }: ProfilePhotoAlertInput): boolean {
  if (!user || user.profile.main_image !== null || dismissed) return false;
  return !PROFILE_PHOTO_ALERT_EXCLUDED_ROUTES.includes(routeName);
}

/**
 * Pages where the verification outcome's notice does not show: /profile's verification panel
 * tells the outcome itself (and counts as seeing it), and payment steps are not interrupted.
 */
export const VERIFICATION_NOTICE_EXCLUDED_ROUTES: readonly string[] = ['profile', 'premium', 'directdebit'];

/**
 * Whether a member page shows the outcome of the member's verification request: until the member
 * has seen it, on whichever device (the server keeps it: user.verification_notice).
 */
export function shouldShowVerificationNotice({
  user,
  routeName,
}: {
  user: { verification_notice: string | null } | null;
  routeName: string;
}): boolean {
  if (!user || user.verification_notice === null) return false;
  return !VERIFICATION_NOTICE_EXCLUDED_ROUTES.includes(routeName);
}

/** Pages where the push alert never shows (spec section 4): signup, the push switch's own page, payment steps. */
export const PUSH_ALERT_EXCLUDED_ROUTES: readonly string[] = [
  'signup',
  'notifications',
  'activate-done',
  'directdebit',
  'premium',
];

export interface PushAlertInput {
  loggedIn: boolean;
  /** This browser's push state (lib/push.ts). */
  pushState: 'not-capable' | 'unknown' | 'subscribed' | 'denied' | null;
  /** The site has a VAPID key (settings.push_public_key): without it nothing can be sent. */
  configured: boolean;
  routeName: string;
  /** A dismissal is stored. */
  dismissed: boolean;
}

/**
 * The push alert (spec section 4): for members whose browser supports push and has not been
 * asked yet (neither subscribed nor denied), until dismissed, except on the excluded routes.
 */
export function shouldShowPushAlert({
  loggedIn,
  pushState,
  configured,
  routeName,
  dismissed,
}: PushAlertInput): boolean {
  if (!loggedIn || !configured || dismissed || pushState !== 'unknown') return false;
  return !PUSH_ALERT_EXCLUDED_ROUTES.includes(routeName);
}

/** Pages where the disabled-notifications alert never shows: they hold the switches themselves (spec section 4). */
export const DISABLED_NOTIFICATIONS_ALERT_EXCLUDED_ROUTES: readonly string[] = ['settings', 'notifications'];

export interface DisabledNotificationsAlertInput {
  user: { notifications_disabled: readonly string[] } | null;
  routeName: string;
  /** A dismissal is stored. */
  dismissed: boolean;
}

/**
 * The disabled-notifications alert (spec section 4): while we send the member no e-mail (a
 * bounce, a spam complaint or an unsubscribe), until dismissed, except on the excluded routes.
 */
export function shouldShowDisabledNotificationsAlert({
  user,
  routeName,
  dismissed,
}: DisabledNotificationsAlertInput): boolean {
  if (!user || user.notifications_disabled.length === 0 || dismissed) return false;
  return !DISABLED_NOTIFICATIONS_ALERT_EXCLUDED_ROUTES.includes(routeName);
}

/** Pages where the activation reminder never shows: the activation error page makes the same offer itself. */
export const ACTIVATION_REMINDER_EXCLUDED_ROUTES: readonly string[] = ['activate-error'];

/** The one prompt a member page shows; the activation reminder also comes as a phone modal. */
export type MemberPrompt =
  'activation-modal' | 'activation' | 'verification-notice' | 'profile-photo' | 'push' | 'disabled-notifications';

export interface MemberPromptInput {
  user:
    | (NonNullable<ActivationReminderInput['user']> & {
        profile: { status: string; main_image: unknown };
        verification_notice: string | null;
      })
    | null;
  routeName: string;
  fromSignup: boolean;
  phone: boolean;
  pushState: PushAlertInput['pushState'];
  /** settings.push_public_key is set. */
  pushConfigured: boolean;
  /** Stored dismissals (spec section 4's separate keys). */
  dismissed: { enrich: boolean; push: boolean; disabledNotifications: boolean };
}

/**
 * Which of spec section 4's member prompts a page shows: at most one, by priority (activation
 * reminder, profile photo, push, disabled notifications), each under its own rules, exceptions
 * and dismissal. A dismissed or settled prompt makes way for the next. The outcome of a
 * verification request (decision 0084) comes right after the activation reminder: it is news the
 * member asked for, told once, where the others are standing offers that wait their turn.
 */
export function memberPrompt({
  user,
  routeName,
  fromSignup,
  phone,
  pushState,
  pushConfigured,
  dismissed,
}: MemberPromptInput): MemberPrompt | null {
  if (!user) return null;
  const activation = activationReminder({ user, fromSignup, phone });
  if (activation !== null && !ACTIVATION_REMINDER_EXCLUDED_ROUTES.includes(routeName)) {
    return activation === 'modal' ? 'activation-modal' : 'activation';
  }
  if (shouldShowVerificationNotice({ user, routeName })) return 'verification-notice';
  if (shouldShowProfilePhotoAlert({ user, routeName, dismissed: dismissed.enrich })) return 'profile-photo';
  if (
    shouldShowPushAlert({ loggedIn: true, pushState, configured: pushConfigured, routeName, dismissed: dismissed.push })
  ) {
    return 'push';
  }
  if (shouldShowDisabledNotificationsAlert({ user, routeName, dismissed: dismissed.disabledNotifications })) {
    return 'disabled-notifications';
  }
  return null;
}
