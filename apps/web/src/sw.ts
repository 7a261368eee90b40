/**
 * The service worker (vite-plugin-pwa, injectManifest): precaches the app shell, answers
 * navigations with the offline page when the network is gone, and handles push messages: the
 * notification, the app badge, and a word to open tabs so they reload chats and likes
 * (spec section 7). A click on a notification opens its page in a tab of the site.
 */
import { notificationFor, notificationUrl, parsePushPayload, type ServiceWorkerMessage } from './lib/push-payload';

// The app compiles against the DOM library, which has no worker types: these are the parts of
// the service worker's scope this file uses.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  postMessage(message: ServiceWorkerMessage): void;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly navigator: Navigator;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

const worker = self as unknown as WorkerScope;
// The build replaces self.__WB_MANIFEST with the list of the app shell's files.
const PRECACHE: PrecacheEntry[] = (self as unknown as { __WB_MANIFEST: PrecacheEntry[] }).__WB_MANIFEST;
const OFFLINE_PAGE = new URL('offline.html', worker.location.href).href;
const CACHE_PREFIX = 'app-shell-';

/** A short stable hash of the precache list: a new build makes a new cache, the old one goes. */
function listHash(entries: readonly PrecacheEntry[]): string {
  let hash = 5381;
  for (const char of entries.map((entry) => `${entry.url}@${entry.revision ?? ''}`).join('|')) {
    hash = ((hash << 5) + hash + char.charCodeAt(0)) | 0;
  }
  return (hash >>> 0).toString(36);
}

const CACHE = `${CACHE_PREFIX}${listHash(PRECACHE)}`;
const PRECACHED = new Set(PRECACHE.map((entry) => new URL(entry.url, worker.location.href).href));

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    // Pages always come from the server (it answers 404s and per-domain settings); the offline
    // page only when there is no network.
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_PAGE)) ?? Response.error()));
    return;
  }
  const url = new URL(request.url);
  url.search = '';
  if (!PRECACHED.has(url.href)) return;
  event.respondWith(caches.match(url.href).then((cached) => cached ?? fetch(request)));
});

/** The unread total on the app icon; a browser that refuses is left alone (spec section 8). */
async function setBadge(count: number): Promise<void> {
  const target = worker.navigator;
  try {
    if (count > 0 && typeof target.setAppBadge === 'function') await target.setAppBadge(count);
    else if (count === 0 && typeof target.clearAppBadge === 'function') await target.clearAppBadge();
  } catch {
    // No badge on this platform.
  }
}

async function tellTabs(message: ServiceWorkerMessage): Promise<void> {
  const tabs = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const tab of tabs) tab.postMessage(message);
}

worker.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    // Not JSON: not ours.
  }
  const payload = parsePushPayload(data);
  if (!payload) return;
  const { title, options } = notificationFor(payload);
  event.waitUntil(
    Promise.all([
      worker.registration.showNotification(title, options),
      setBadge(payload.badge),
      tellTabs({ type: 'push', payload }),
    ]),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationUrl(event.notification.data);
  event.waitUntil(
    (async () => {
      const [tab] = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (!tab) {
        await worker.clients.openWindow(url);
        return;
      }
      // The open tab moves within the app (no reload), then comes to the front.
      tab.postMessage({ type: 'open', url });
      await tab.focus();
    })(),
  );
});
