import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '../api/get-user';
import { pollInterval } from '../rules';
import { usePollingState } from './use-polling-state';

/** Keeps the member fresh while logged in; mount once, at the root of the app. */
export function useUserPolling(): void {
  const polling = usePollingState();
  useQuery({
    ...userQueryOptions(),
    refetchInterval: (query) => pollInterval({ loggedIn: Boolean(query.state.data?.user), ...polling }),
  });
}
