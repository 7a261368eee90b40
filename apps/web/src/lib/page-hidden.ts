import type { PageHiddenBody } from '@app/shared';

const PAGE_HIDDEN_URL = '/api/page-hidden.php';

/** Body of the page-hidden beacon; `bounce` only when the landing URL carried `lb`. */
export function pageHiddenBody(path: string, bounceLogging: boolean): PageHiddenBody {
  return bounceLogging ? { path, bounce: true } : { path };
}

/**
 * Sends POST /api/page-hidden.php as a beacon whenever the page becomes hidden (spec section 7).
 * The body is JSON typed text/plain: a beacon cannot carry headers, and a CORS-safelisted type
 * is the one every browser sends without complaint.
 */
export function watchPageHidden(bounceLogging: boolean): () => void {
  function handleVisibilityChange() {
    if (document.visibilityState !== 'hidden' || typeof navigator.sendBeacon !== 'function') return;
    const body = JSON.stringify(pageHiddenBody(window.location.pathname, bounceLogging));
    navigator.sendBeacon(PAGE_HIDDEN_URL, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
  }
  document.addEventListener('visibilitychange', handleVisibilityChange);
  return () => document.removeEventListener('visibilitychange', handleVisibilityChange);
}
