import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '@app/shared';

/** Value of a cookie in a `document.cookie` string, or null. */
export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The `document.cookie` assignment that remembers the chosen locale for LOCALE_COOKIE_DAYS. */
export function localeCookie(locale: string, secure: boolean): string {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
