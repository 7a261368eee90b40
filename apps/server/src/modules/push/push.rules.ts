import { DEFAULT_LOCALE, isLocale, type Locale, type PushPayload } from '@app/shared';
import da from '@app/i18n/locales/da/mail.json' with { type: 'json' };
import de from '@app/i18n/locales/de/mail.json' with { type: 'json' };
import en from '@app/i18n/locales/en/mail.json' with { type: 'json' };
import es from '@app/i18n/locales/es/mail.json' with { type: 'json' };
import fi from '@app/i18n/locales/fi/mail.json' with { type: 'json' };
import fr from '@app/i18n/locales/fr/mail.json' with { type: 'json' };
import it from '@app/i18n/locales/it/mail.json' with { type: 'json' };
import nl from '@app/i18n/locales/nl/mail.json' with { type: 'json' };
import no from '@app/i18n/locales/no/mail.json' with { type: 'json' };
import pl from '@app/i18n/locales/pl/mail.json' with { type: 'json' };
import sv from '@app/i18n/locales/sv/mail.json' with { type: 'json' };
import type { PushDelivery } from '../../platform/push/index.js';

/** The member-facing texts of the server (the mail catalogue), of which pushes use push_*. */
const CATALOGUES: Record<Locale, Record<string, unknown>> = { nl, en, de, fr, da, es, fi, it, no, pl, sv };

/**
 * What a push is about, as the preferences and the delivery log name it. A match is told under
 * the `like` preference, but logged as its own kind; a visit under `visits`. A verification's
 * outcome is under `verification`, which is no preference: it always goes out.
 */
export type PushKind =
  'new_conversations' | 'new_messages' | 'like' | 'match' | 'visit' | 'verification_approved' | 'verification_rejected';

/** The preference (a notification type of members.notifications_off) that switches a kind off. */
export function preferenceOf(kind: PushKind): string {
  if (kind === 'match') return 'like';
  if (kind === 'verification_approved' || kind === 'verification_rejected') return 'verification';
  return kind === 'visit' ? 'visits' : kind;
}

/** Whether the member wants pushes of this kind; notifications_disabled is about e-mail only. */
export function wantsPush(notificationsOff: readonly string[], kind: PushKind): boolean {
  return !notificationsOff.includes(preferenceOf(kind));
}

const TEXT_KEYS: Record<PushKind, { title: string; body: string }> = {
  new_conversations: { title: 'push_conversation_title', body: 'push_conversation_body' },
  new_messages: { title: 'push_message_title', body: 'push_message_body' },
  like: { title: 'push_like_title', body: 'push_like_body' },
  match: { title: 'push_match_title', body: 'push_match_body' },
  visit: { title: 'push_visit_title', body: 'push_visit_body' },
  verification_approved: { title: 'push_verification_approved_title', body: 'push_verification_approved_body' },
  verification_rejected: { title: 'push_verification_rejected_title', body: 'push_verification_rejected_body' },
};

function text(locale: Locale, key: string, name: string): string {
  const found = CATALOGUES[locale][key] ?? CATALOGUES[DEFAULT_LOCALE][key];
  const template = typeof found === 'string' ? found : key;
  return template.replace(/\{\{\s*name\s*\}\}/g, name);
}

/** What a push is about: the other member and, for messages, the conversation. */
export type PushSubject =
  | { kind: 'new_conversations' | 'new_messages'; name: string; conversationId: number }
  | { kind: 'like'; name: string }
  | { kind: 'match'; name: string; memberId: number }
  | { kind: 'visit' | 'verification_approved' | 'verification_rejected'; name: string };

/**
 * The payload of a push in the member's language. Only the other member's name is told, never
 * what they wrote: notifications show on lock screens. `icon` stays null, so the device shows
 * the app's icon rather than another member's photo on the lock screen.
 */
export function buildPayload(subject: PushSubject, language: string, badge: number): PushPayload {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  const keys = TEXT_KEYS[subject.kind];
  const texts = { title: text(locale, keys.title, subject.name), body: text(locale, keys.body, subject.name) };
  switch (subject.kind) {
    case 'new_conversations':
    case 'new_messages':
      return {
        type: 'message',
        ...texts,
        url: `/chats/${subject.conversationId}`,
        badge,
        tag: `chat-${subject.conversationId}`,
        icon: null,
      };
    case 'like':
      return { type: 'like', ...texts, url: '/likes', badge, tag: 'likes', icon: null };
    case 'match':
      return {
        type: 'match',
        ...texts,
        url: `/members/${subject.memberId}`,
        badge,
        tag: `match-${subject.memberId}`,
        icon: null,
      };
    case 'visit':
      return { type: 'visit', ...texts, url: '/visitors', badge, tag: 'visitors', icon: null };
    case 'verification_approved':
    case 'verification_rejected':
      return { type: 'verification', ...texts, url: '/profile', badge, tag: 'verification', icon: null };
  }
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * How the push service handles it: a message is worth waking the device for and keeps a day;
 * likes and matches can wait for the device's own pace. The topic (the tag, which is made of
 * URL-safe characters well under 32) lets a newer push replace one still waiting on the
 * service, as the tag does on the device.
 */
export function deliveryOf(payload: PushPayload): PushDelivery {
  return {
    ttl: DAY_SECONDS,
    urgency: payload.type === 'message' ? 'high' : 'normal',
    topic: payload.tag,
  };
}

/**
 * Whether the server may send to this endpoint: an https URL on one of the push services' hosts
 * (or a subdomain of one) at the default port, or exactly at an entry that names its port (a
 * self-hosted service, or a test's stand-in), so a subscription can never make the server
 * connect elsewhere. The text itself must begin with `https://<host>/`: no user, no written
 * default port, nothing the push library's own (older) URL parser could read as another host
 * than the one checked here.
 */
export function pushEndpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const authority = url.host;
  if (url.protocol !== 'https:' || !endpoint.startsWith(`https://${authority}/`)) return false;
  return hosts.some((allowed) =>
    allowed.includes(':')
      ? authority === allowed
      : url.port === '' && (url.hostname === allowed || url.hostname.endsWith(`.${allowed}`)),
  );
}

/** An endpoint for the log: its origin only, since the path is the device's capability. */
export function endpointForLog(endpoint: string): string {
  try {
    return `${new URL(endpoint).origin}/…`;
  } catch {
    return '(invalid endpoint)';
  }
}
