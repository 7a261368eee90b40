import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PushSubscriptionBody, PushUnsubscribeBody } from '@app/shared';
import { apiCommand } from './api';
import { currentSubscription, pushCapable, pushStateOf, type PushState } from './push';
import { queryKeys } from '../data/query-keys';

/*
 * Subscribing and the push state, for the push alert, the push switch and the complete-signup
 * opt-in: loaded with them, never on the first load.
 */

/** This browser's push state. */
export async function readPushState(): Promise<PushState> {
  if (!pushCapable()) return 'not-capable';
  const permission = Notification.permission;
  const subscribed = permission === 'granted' && Boolean(await currentSubscription());
  return pushStateOf({ capable: true, permission, subscribed });
}

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

/**
 * Stores this browser's subscription again for the member logged in now (the call refreshes):
 * a device subscribed under another login, or one the server dropped, gets its pushes again.
 */
export async function refreshPushSubscription(): Promise<void> {
  if (!pushCapable() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  const body = { subscription: subscription.toJSON() } as PushSubscriptionBody;
  await apiCommand('/api/user.php?push=1', { method: 'POST', body });
}
