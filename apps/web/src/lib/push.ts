import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PushSubscriptionBody, PushUnsubscribeBody } from '@app/shared';
import { apiCommand } from './api';
import { parseServiceWorkerMessage } from './push-payload';
import { queryKeys } from './query-keys';

/** Push states of spec section 4: not capable, unknown (not asked or not subscribed), subscribed, denied. */
export type PushState = 'not-capable' | 'unknown' | 'subscribed' | 'denied';

/** The service worker the build makes from src/sw.ts, for the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

export interface PushStateInput {
  /** The browser has service workers, the Push API and notifications. */
  capable: boolean;
  permission: NotificationPermission;
  /** This browser holds a push subscription. */
  subscribed: boolean;
}

/** The push state from what the browser says (spec section 4). */
export function pushStateOf({ capable, permission, subscribed }: PushStateInput): PushState {
  if (!capable) return 'not-capable';
  if (permission === 'denied') return 'denied';
  return permission === 'granted' && subscribed ? 'subscribed' : 'unknown';
}

function pushCapable(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser holds a push subscription; polling slows down when it does. */
export async function hasPushSubscription(): Promise<boolean> {
  if (!pushCapable()) return false;
  return Boolean(await currentSubscription());
}

/** This browser's push state. */
export async function readPushState(): Promise<PushState> {
  if (!pushCapable()) return 'not-capable';
  const permission = Notification.permission;
  const subscribed = permission === 'granted' && Boolean(await currentSubscription());
  return pushStateOf({ capable: true, permission, subscribed });
}

/** Subscribing and unsubscribing invalidate this query. */
export const pushSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.pushSubscription,
    queryFn: hasPushSubscription,
    staleTime: Infinity,
  });

/** The push state for the push alert, the opt-in step and the push switch. */
export const pushStateQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.pushState,
    queryFn: readPushState,
    staleTime: Infinity,
  });

/** A VAPID key as the Push API takes it: URL-safe base64 to bytes. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function refreshPushQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.pushState }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pushSubscription }),
  ]);
}

/**
 * Asks the browser's permission (when not given yet), subscribes this browser with the site's
 * VAPID key and stores the subscription with the server (POST /api/user.php?push=1). Answers the
 * push state afterwards: 'denied' when the member refused.
 */
export async function subscribeToPush(publicKey: string, queryClient: QueryClient): Promise<PushState> {
  if (!pushCapable()) return 'not-capable';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') {
    await refreshPushQueries(queryClient);
    return pushStateOf({ capable: true, permission, subscribed: false });
  }
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  const body = { subscription: subscription.toJSON() } as PushSubscriptionBody;
  await apiCommand('/api/user.php?push=1', { method: 'POST', body });
  await refreshPushQueries(queryClient);
  return 'subscribed';
}

/** Ends this browser's subscription, here and on the server (DELETE /api/user.php?push=1). */
export async function unsubscribeFromPush(queryClient: QueryClient): Promise<void> {
  const subscription = pushCapable() ? await currentSubscription() : null;
  if (subscription) {
    const body: PushUnsubscribeBody = { endpoint: subscription.endpoint };
    await subscription.unsubscribe();
    await apiCommand('/api/user.php?push=1', { method: 'DELETE', body });
  }
  await refreshPushQueries(queryClient);
}

export interface ServiceWorkerOptions {
  queryClient: QueryClient;
  /** Moves the app to a page of the site (a clicked notification), without a reload. */
  navigate: (url: string) => void;
  container?: ServiceWorkerContainer;
}

/**
 * Listens to the service worker: a push makes the chats and likes reload (spec section 7), and a
 * clicked notification opens its page in this tab.
 */
export function listenToServiceWorker({ queryClient, navigate, container }: ServiceWorkerOptions): () => void {
  const target = container ?? navigator.serviceWorker;
  const handleMessage = (event: MessageEvent) => {
    const message = parseServiceWorkerMessage(event.data);
    if (message?.type === 'push') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.likes });
    } else if (message?.type === 'open') {
      navigate(message.url);
    }
  };
  target.addEventListener('message', handleMessage);
  return () => target.removeEventListener('message', handleMessage);
}

/**
 * Registers the service worker of the production build (spec section 7: registered for push; it
 * also keeps the app shell for offline use) once the page has loaded, so it never competes with
 * the first render, and listens to it.
 */
export function startServiceWorker(options: Omit<ServiceWorkerOptions, 'container'>): void {
  if (!('serviceWorker' in navigator)) return;
  listenToServiceWorker(options);
  if (!import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
