import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../data/query-keys';

/** Push states of spec section 4: not capable, unknown (not asked or not subscribed), subscribed, denied. */
export type PushState = 'not-capable' | 'unknown' | 'subscribed' | 'denied';

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

/** The browser has service workers, the Push API and notifications. */
export function pushCapable(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/**
 * The push state as far as it can be told without waiting: a browser that was never asked is
 * 'unknown' and one that refused is 'denied' at once. Granted permission is taken as subscribed
 * until the subscription is read (readPushState), as it nearly always is: the page's first
 * render can then decide on the push prompt without a late banner pushing the page down.
 */
export function likelyPushState(): PushState {
  if (!pushCapable()) return 'not-capable';
  const permission = Notification.permission;
  return pushStateOf({ capable: true, permission, subscribed: permission === 'granted' });
}

/** This browser's push subscription, if it holds one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser holds a push subscription; polling slows down when it does. */
export async function hasPushSubscription(): Promise<boolean> {
  if (!pushCapable()) return false;
  return Boolean(await currentSubscription());
}

/** Subscribing and unsubscribing invalidate this query. */
export const pushSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.pushSubscription,
    queryFn: hasPushSubscription,
    staleTime: Infinity,
  });
