import { useSyncExternalStore } from 'react';

/** The list for `query`, or null where the browser (or the test DOM) has no matchMedia. */
function mediaQuery(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a CSS media query matches now, re-rendering when that changes. */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
  );
}

/** Whether the screen is wide enough for the chat list beside a conversation (Bootstrap's lg, desktop). */
export function useWideScreen(): boolean {
  return useMediaQuery('(min-width: 992px)');
}

/** Whether the site runs as an installed app, which changes the top bar and the footer. */
export function useInstalledApp(): boolean {
  return useMediaQuery('(display-mode: standalone)');
}
