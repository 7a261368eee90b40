import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. Retries are off here because the API client already retries
 * network errors and 5xx answers with the spec's policy; a second layer would multiply them.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
