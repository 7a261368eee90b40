import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '../../../data/user';
import { pollInterval, usePollingState } from '../../../data/polling';

/** Keeps the member fresh while logged in; mount once, at the root of the app. */
export function useUserPolling(): void {
  const polling = usePollingState();
  useQuery({
    ...userQueryOptions(),
    refetchInterval: (query) => pollInterval({ loggedIn: Boolean(query.state.data?.user), ...polling }),
  });
}
