import { POLL_START_DELAY } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pushSubscriptionQueryOptions } from '../../../lib/push';
import { userQueryOptions } from '../api/get-user';
import { pollInterval } from '../rules';

/** Keeps the member fresh while logged in; mount once, at the root of the app. */
export function useUserPolling(): void {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), POLL_START_DELAY);
    return () => clearTimeout(timer);
  }, []);
  const pushSubscribed = useQuery(pushSubscriptionQueryOptions()).data ?? false;
  useQuery({
    ...userQueryOptions(),
    refetchInterval: (query) => pollInterval({ loggedIn: Boolean(query.state.data?.user), pushSubscribed, started }),
  });
}
