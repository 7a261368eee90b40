import type { QueryClient } from '@tanstack/react-query';

/** The service worker the build makes from src/sw.ts, for the whole site. */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker of the production build (spec section 7: registered for push; it
 * also keeps the app shell for offline use) once the page has loaded, so it never competes with
 * the first render, and listens to it. Apart from the push state (push.ts), which visitors' pages
 * never read: this is all of it the entry needs.
 */
export function startServiceWorker(options: { queryClient: QueryClient; navigate: (url: string) => void }): void {
  if (!('serviceWorker' in navigator)) return;
  // The listener is a chunk of its own: it is not needed for the first render.
  void import('./push-messages').then(({ listenToServiceWorker }) => listenToServiceWorker(options));
  if (!import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
