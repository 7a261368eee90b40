/**
 * Business constants of spec section 9, shared by server and web so both sides enforce the
 * same numbers. Durations are in milliseconds unless the name says otherwise.
 */

/** Every locale the product ships, in the order the language dropdown lists them. */
export const LOCALES = ['nl', 'en', 'de', 'fr', 'da', 'es', 'fi', 'it', 'no', 'pl', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];

/** Default and fallback locale; dates format in it too. */
export const DEFAULT_LOCALE: Locale = 'nl';

/** The countries the site serves (ISO 3166-1 alpha-2). */
export const COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'CH',
  'FR',
  'IT',
  'ES',
  'PL',
  'GB',
  'IE',
  'US',
  'CA',
  'AU',
  'NZ',
] as const;
export type Country = (typeof COUNTRIES)[number];

/** Languages offered in the language dropdown per visitor country (spec section 9). */
export const VISIBLE_LANGUAGES_BY_COUNTRY: Record<Country, readonly Locale[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
};

/** Countries whose visitors see the site-entry warning in the chat and lander layouts. */
export const ENTRY_WARNING_COUNTRIES: readonly string[] = ['NL', 'DE'];

/** Cookie lifetimes. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;
export const AUTH_COOKIE = 'sid';
export const AUTH_COOKIE_DAYS = 30;

/** Header the client marks its API calls with; state-changing calls require it. */
export const REQUEST_TYPE_HEADER = 'x-requested-with';
export const REQUEST_TYPE_VALUE = 'XMLHttpRequest';

/**
 * Header naming one message send (IETF draft "The Idempotency-Key HTTP Header Field"): the
 * client makes one key per message and sends it with every attempt; a repeat answers the first
 * result. Lowercase, as Node.js hands request headers over.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Photo limits per membership. */
export const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;

/** Swipe-game likes per member per day. */
export const SWIPE_LIKES_PER_DAY = 4;

/** Cards one GET /api/swipe.php answers with. */
export const SWIPE_CARDS_LIMIT = 10;

/** Entries per list and page of GET /api/likes.php. */
export const LIKES_PAGE_SIZE = 100;

/** Visitors per page of GET /api/visitors.php. */
export const VISITORS_PAGE_SIZE = 24;
/** A visit is kept this many days after the pair's last one; the visits job erases older rows. */
export const VISITS_KEEP_DAYS = 90;

/** A member with no like received in this many hours may get an auto-like (one per day at most). */
export const AUTO_LIKE_QUIET_HOURS = 24;

/**
 * The time zone a member's calendar day is counted in (swipe-game limit, auto-like), by country.
 * Countries spanning zones use their most populous one.
 */
export const COUNTRY_TIME_ZONES: Record<Country, string> = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  PL: 'Europe/Warsaw',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
};

/** Conversations a free member may start. */
export const FREE_CONVERSATION_LIMIT = 2;

/**
 * Spam defence: an account counts as new while it is younger than NEW_ACCOUNT_DAYS or has sent
 * fewer than NEW_ACCOUNT_MESSAGES messages. Spammers write from fresh accounts and leave before
 * either is reached, so a new account's message with contact details waits for staff review.
 */
export const NEW_ACCOUNT_DAYS = 7;
export const NEW_ACCOUNT_MESSAGES = 10;

/**
 * The same opening text sent to REPEATED_OPENING_LIMIT distinct members within
 * REPEATED_OPENING_HOURS is a mass mailing: that one and every further one is refused.
 */
export const REPEATED_OPENING_LIMIT = 3;
export const REPEATED_OPENING_HOURS = 24;

/** Messages (text, image or gift) a member may send per minute: more is a script, not a person. */
export const MESSAGES_PER_MINUTE = 10;

/** Welcome discount on a first purchase, in percent. */
export const WELCOME_DISCOUNT_PERCENT = 25;

/** Time bonus: code, percentage and how long after signup it runs. */
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_PERCENT = 25;
export const TIME_BONUS_DURATION_SECONDS = 14_400;
export const TIME_BONUS_TICK = 1_000;
export const TIME_BONUS_MODAL_DELAY = 40_000;

/** Days in which a deleted account can still be reactivated. */
export const ACCOUNT_REACTIVATION_DAYS = 14;

/**
 * The automatic shadow-ban (pending staff review): a fake or scam account is mostly reported in
 * its first days, by several members independently, so an account younger than
 * AUTO_SHADOW_BAN_ACCOUNT_DAYS with open reports from at least AUTO_SHADOW_BAN_REPORTERS distinct
 * members is hidden at once. Older accounts and the site's own fictional profiles wait for staff:
 * a grudge shared by a few members must not silence an established account.
 */
export const AUTO_SHADOW_BAN_REPORTERS = 3;
export const AUTO_SHADOW_BAN_ACCOUNT_DAYS = 7;
/** members.shadow_ban_reason of an automatic shadow-ban, so staff can tell it from their own. */
export const AUTO_SHADOW_BAN_REASON = 'auto_reports';

/** Badges: the unread badge caps at 99+, the credits badge shows at 10 or fewer credits. */
export const BADGE_CAP = 99;
export const CREDITS_BADGE_THRESHOLD = 10;

/** Polling of user, chats and likes for logged-in members. */
export const POLL_INTERVAL = 60_000;
export const POLL_INTERVAL_WITH_PUSH = 300_000;
export const POLL_START_DELAY = 5_000;

/** A chunk-load failure reloads the page at most once in this window. */
export const CHUNK_RELOAD_GUARD = 60_000;

/** Likes reload this long after an auto-like. */
export const AUTO_LIKE_RELOAD_DELAY = 500;

/** Top progress bar: shown only for navigations slower than the throttle, animated over the duration. */
export const PROGRESS_THROTTLE = 200;
export const PROGRESS_DURATION = 5_000;

/** Browser geolocation may reuse a position this old. */
export const GEOLOCATION_MAX_AGE = 3_600_000;

/** The activation mail is expected within this time. */
export const ACTIVATION_MAIL_EXPECTED = 60_000;

/** Failed API requests (network errors and 5xx) are retried up to this many times. */
export const API_MAX_RETRIES = 5;

/** Terms version date: never earlier than this, or the company's added date when later. */
export const TERMS_MIN_VERSION_DATE = '2023-12-01T12:00:00Z';

/** Minimum member age unless the settings say otherwise. */
export const DEFAULT_MIN_AGE = 18;

/** Site niches: 1 general, then she, bdsm, bbw, gilf, milf, gay. */
export const NICHE_PREFIXES: Record<number, string> = {
  1: '',
  2: 'she-',
  3: 'bdsm-',
  4: 'bbw-',
  5: 'gilf-',
  6: 'milf-',
  7: 'gay-',
};

/** Tracking query parameters stored with a visit and, later, with the account. */
export const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** Keys under which alert and modal dismissals are stored, each with a timestamp. */
export const DISMISSAL_KEYS = {
  enrich: 'dismissed-enrich',
  push: 'dismissed-push',
  disabledNotifications: 'dismissed-disabled-notifications',
  timeBonusModal: 'dismissed-time-bonus-modal',
  siteEntryWarning: 'dismissed-site-entry-warning',
} as const;

/**
 * The payment methods of spec section 3, the only values of /credits/{id}/{paymentmethod?}. Kept
 * here, free of zod, because the route table (in every page's first load) checks them.
 */
export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'nexi',
  'cartebancaire',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;

/** Interest keys and the icon each is drawn with. */
export const INTERESTS: readonly { key: string; icon: string }[] = [
  { key: 'adventure', icon: 'adventure' },
  { key: 'music', icon: 'music' },
  { key: 'travelling', icon: 'travelling' },
  { key: 'wine', icon: 'wine' },
  { key: 'cooking', icon: 'cooking' },
  { key: 'sports', icon: 'sports' },
  { key: 'movies', icon: 'movies' },
  { key: 'reading', icon: 'reading' },
  { key: 'dancing', icon: 'dancing' },
  { key: 'nature', icon: 'nature' },
  { key: 'art', icon: 'art' },
  { key: 'gaming', icon: 'gaming' },
  { key: 'fitness', icon: 'fitness' },
  { key: 'photography', icon: 'photography' },
  { key: 'animals', icon: 'animals' },
  { key: 'romance', icon: 'romance' },
  { key: 'flirting', icon: 'flirting' },
  { key: 'cuddling', icon: 'cuddling' },
  { key: 'massage', icon: 'massage' },
  { key: 'lingerie', icon: 'lingerie' },
];

/** How each country's regions are named (spec section 9: province, state, canton, ...). */
export const REGION_KIND_BY_COUNTRY = {
  NL: 'province',
  BE: 'province',
  DE: 'state',
  AT: 'state',
  CH: 'canton',
  FR: 'region',
  IT: 'region',
  ES: 'autonomous_community',
  PL: 'voivodeship',
  GB: 'nation',
  IE: 'county',
  US: 'state',
  CA: 'province',
  AU: 'state',
  NZ: 'region',
} as const satisfies Record<Country, string>;

/** Account limits, shared by the signup schema and the web forms. */
export const PASSWORD_MIN_LENGTH = 8;
/** Keeps the argon2 input bounded. */
export const PASSWORD_MAX_LENGTH = 200;
export const PROFILE_NAME_MAX_LENGTH = 50;
/** The first message sent with a signup from /members/{id}/signup. */
export const SIGNUP_MESSAGE_MAX_LENGTH = 2000;

/** Photos of another member a free (non-paid) viewer or a visitor sees; premium sees all. */
export const FREE_VIEWER_PHOTOS = 2;

/** Related profiles shown below a member's profile. */
export const RELATED_PROFILES_LIMIT = 6;

/** A member counts as online when active within this many minutes. */
export const ONLINE_MINUTES = 5;

/**
 * The smallest counts a lander boasts of. A visitor from an ad reads '70 leden · 1 nu online' as
 * an empty site, which hurts more than saying nothing: below these a count is answered as 0,
 * which the page leaves out. Online counts need fewer than members, as few are online at once.
 */
export const LANDER_COUNT_MINIMUMS = { members: 500, online: 20, today: 10 } as const;

/** A member counts as recently active within this many hours. */
export const RECENTLY_ACTIVE_HOURS = 24;

/** A member counts as active this week within this many days (after RECENTLY_ACTIVE_HOURS). */
export const ACTIVE_WEEK_DAYS = 7;

/**
 * Typing in a conversation: a member's typing events reach the partner at most once per
 * TYPING_INTERVAL_MS per conversation (more are dropped), and the partner shows '… is typing'
 * until TYPING_SHOWN_MS after the last one, or until the message arrives.
 */
export const TYPING_INTERVAL_MS = 2_000;
export const TYPING_SHOWN_MS = 5_000;

/**
 * The server notes a member's last activity at most once in this many minutes: a write per
 * request would be wasted, and it must stay well below ONLINE_MINUTES to keep `online` true.
 */
export const LAST_ACTIVE_THROTTLE_MINUTES = 2;

/** Longest 'about me' text, in characters. */
export const PROFILE_ABOUT_MAX_LENGTH = 2000;
/** Largest accepted upload: phone cameras stay well below it, anything bigger is refused unread. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Shortest accepted side of an upload in pixels: smaller images look blurred in every variant. */
export const PHOTO_MIN_SIDE = 200;
/** Accepted image formats as sharp reports them from the content (AVIF reads as 'heif'). */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'heif'] as const;
