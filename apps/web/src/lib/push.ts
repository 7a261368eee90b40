import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** Whether this browser holds a push subscription; polling slows down when it does. */
export async function hasPushSubscription(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/** Subscribing to push (a later feature) invalidates this query. */
export const pushSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.pushSubscription,
    queryFn: hasPushSubscription,
    staleTime: Infinity,
  });
