import { readStorage, writeStorage } from '../lib/storage';
import { shouldReloadForChunkError } from './rules';

/** sessionStorage key of the last reload caused by a chunk-load failure. */
const RELOAD_KEY = 'chunk-reload-at';

/** Whether a chunk-load failure may reload the page now (not within the guard window). */
export function canReloadForChunkError(now: number = Date.now()): boolean {
  const raw = readStorage('session', RELOAD_KEY);
  return shouldReloadForChunkError(raw === null ? null : Number(raw), now);
}

/**
 * Reloads the page to pick up a new release whose chunks replaced the ones this page knows,
 * unless it did so within the guard window (then the failure is real and shown as an error).
 * Answers whether it reloads.
 */
export function reloadForChunkError(now: number = Date.now()): boolean {
  if (!canReloadForChunkError(now)) return false;
  writeStorage('session', RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

/** Vite reports a failed preload of a lazy chunk's dependencies with this event. */
export function installChunkReloadHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
