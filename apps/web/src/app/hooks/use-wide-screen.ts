import { useSyncExternalStore } from 'react';

/** Bootstrap's lg breakpoint, where the chat list and a conversation fit side by side. */
const QUERY = '(min-width: 992px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for the chat list beside a conversation (desktop). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => mediaQuery()?.matches ?? false);
}
