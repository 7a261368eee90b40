import type { QueryClient } from '@tanstack/react-query';
import { parseServiceWorkerMessage } from './push-payload';
import { queryKeys } from '../data/query-keys';

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
