import { useEffect } from 'react';
import { useActivityCounts } from './use-activity-counts';

/**
 * Shows `count` on the installed app's icon, or clears it at 0, where the browser can (the
 * Badging API). A refusal or a failure changes nothing and is not reported (spec section 8).
 */
export function showAppBadge(count: number, target: Navigator = navigator): void {
  if (typeof target.setAppBadge !== 'function' || typeof target.clearAppBadge !== 'function') return;
  try {
    const done = count > 0 ? target.setAppBadge(count) : target.clearAppBadge();
    done.catch(() => undefined);
  } catch {
    // Some browsers throw instead of rejecting (no installed app, no permission): ignored alike.
  }
}

/**
 * The app badge shows what the page title shows: unread messages plus new likes (spec section
 * 4). Mounted for logged-in members only; it clears the badge when the member leaves.
 */
export function useAppBadge(): void {
  const { unreadMessages, newLikes } = useActivityCounts();
  const total = unreadMessages + newLikes;
  useEffect(() => showAppBadge(total), [total]);
  useEffect(() => () => showAppBadge(0), []);
}
