import type { PushPayload } from '@app/shared';

/** What the service worker tells open tabs, and what a tab listens for. */
export type ServiceWorkerMessage = { type: 'push'; payload: PushPayload } | { type: 'open'; url: string };

const PAYLOAD_TYPES: readonly string[] = ['message', 'like', 'match', 'visit', 'verification'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Only a path of this site: a push can never send the member elsewhere. */
function isSitePath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * A push message's data as the server sends it (PushPayloadSchema), or null for anything else.
 * Checked by hand: the service worker ships no zod.
 */
export function parsePushPayload(value: unknown): PushPayload | null {
  if (!isRecord(value)) return null;
  const { type, title, body, url, badge, tag, icon } = value;
  if (typeof type !== 'string' || !PAYLOAD_TYPES.includes(type)) return null;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  if (!isSitePath(url)) return null;
  if (typeof badge !== 'number' || !Number.isInteger(badge) || badge < 0) return null;
  if (icon !== null && typeof icon !== 'string') return null;
  return { type: type as PushPayload['type'], title, body, url, badge, tag, icon };
}

/** Where the installed icons are; the web build generates them (build/app-icons.ts). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

/**
 * The notification a push shows: the payload's texts, its picture or the app icon, and the page
 * a click opens. One tag per conversation, renotifying, so a new message replaces the last one
 * and still sounds.
 */
export function notificationFor(payload: PushPayload): {
  title: string;
  options: NotificationOptions & { renotify: boolean };
} {
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      renotify: true,
      icon: payload.icon ?? NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      data: { url: payload.url },
    },
  };
}

/** The page a clicked notification opens, from its data; the home page for anything unexpected. */
export function notificationUrl(data: unknown): string {
  return isRecord(data) && isSitePath(data.url) ? data.url : '/';
}

/** A message from the service worker, or null for anything else. */
export function parseServiceWorkerMessage(value: unknown): ServiceWorkerMessage | null {
  if (!isRecord(value)) return null;
  if (value.type === 'open') return isSitePath(value.url) ? { type: 'open', url: value.url } : null;
  if (value.type === 'push') {
    const payload = parsePushPayload(value.payload);
    return payload ? { type: 'push', payload } : null;
  }
  return null;
}
