/**
 * Web Storage that never throws: private browsing, disabled storage and full quotas turn
 * into "nothing stored" instead of breaking the page.
 */
type Area = 'local' | 'session';

function area(name: Area): Storage | null {
  try {
    return name === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(name: Area, key: string): string | null {
  try {
    return area(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(name: Area, key: string, value: string): void {
  try {
    area(name)?.setItem(key, value);
  } catch {
    // Storage unavailable or full: the value simply is not remembered.
  }
}

/** Whether a dismissal (spec section 4, stored as a timestamp) exists under `key`. */
export function isDismissed(key: string): boolean {
  return readStorage('local', key) !== null;
}

/** Remembers a dismissal with the moment it happened. */
export function dismiss(key: string, now: number = Date.now()): void {
  writeStorage('local', key, String(now));
}
