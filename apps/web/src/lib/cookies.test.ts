import { describe, expect, it } from 'vitest';
import { localeCookie, readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('locale', 'a=1; locale=de; b=2')).toBe('de');
  });

  it('answers null for a missing or malformed cookie', () => {
    expect(readCookie('locale', 'a=1')).toBeNull();
    expect(readCookie('locale', 'locale=%E0%A4%A')).toBeNull();
  });
});

describe('localeCookie', () => {
  it('lasts 365 days on the whole site, SameSite=Lax', () => {
    expect(localeCookie('en', false)).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is Secure on https', () => {
    expect(localeCookie('en', true)).toMatch(/; Secure$/);
  });
});
