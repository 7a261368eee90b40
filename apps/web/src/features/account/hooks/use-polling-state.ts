import { POLL_START_DELAY } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pushSubscriptionQueryOptions } from '../../../lib/push';

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
