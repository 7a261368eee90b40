import { POLL_INTERVAL, POLL_INTERVAL_WITH_PUSH, POLL_START_DELAY } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pushSubscriptionQueryOptions } from '../lib/push';

export interface PollInput {
  loggedIn: boolean;
  /** Push messages announce news, so polling can slow down. */
  pushSubscribed: boolean;
  /** Polling waits POLL_START_DELAY after the page opened. */
  started: boolean;
}

/** How often to refresh the member (spec section 7), or false for no polling at all. */
export function pollInterval({ loggedIn, pushSubscribed, started }: PollInput): number | false {
  if (!loggedIn || !started) return false;
  return pushSubscribed ? POLL_INTERVAL_WITH_PUSH : POLL_INTERVAL;
}

/**
 * What the spec's polling interval (pollInterval) depends on besides the login: whether
 * POLL_START_DELAY has passed since the page opened, and whether this browser holds a push
 * subscription. Shared by the user, chats and likes polling.
 */
export function usePollingState(): { started: boolean; pushSubscribed: boolean } {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), POLL_START_DELAY);
    return () => clearTimeout(timer);
  }, []);
  const pushSubscribed = useQuery(pushSubscriptionQueryOptions()).data ?? false;
  return { started, pushSubscribed };
}
