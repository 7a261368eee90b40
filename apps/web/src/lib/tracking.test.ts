import { afterEach, describe, expect, it } from 'vitest';
import {
  hasTrafficSource,
  readLanding,
  readTracking,
  storeLanding,
  storeTracking,
  trackingFromQuery,
} from './tracking';

describe('trackingFromQuery', () => {
  it('picks the tracking parameters and ignores the rest', () => {
    const search = new URLSearchParams('network=tiktok&ref=42&sub1=a&utm_source=x&sub3=');
    expect(trackingFromQuery(search)).toEqual({ network: 'tiktok', ref: '42', sub1: 'a' });
  });

  it('answers null without tracking parameters', () => {
    expect(trackingFromQuery(new URLSearchParams('lb=1'))).toBeNull();
  });
});

describe('hasTrafficSource', () => {
  it('is true once any tracking value is stored', () => {
    expect(hasTrafficSource(null)).toBe(false);
    expect(hasTrafficSource({})).toBe(false);
    expect(hasTrafficSource({ sub2: 'b' })).toBe(true);
  });
});

describe('storeTracking', () => {
  afterEach(() => localStorage.clear());

  it('stores the landing parameters and keeps the first touch on later pages', () => {
    storeTracking(new URLSearchParams('network=ads&ref=7'));
    storeTracking(new URLSearchParams('page=2'));
    expect(readTracking()).toEqual({ network: 'ads', ref: '7' });
  });

  it('replaces the record when new values come', () => {
    storeTracking(new URLSearchParams('network=ads&sub1=x'));
    storeTracking(new URLSearchParams('network=mail'));
    expect(readTracking()).toEqual({ network: 'mail' });
  });
});

describe('storeLanding', () => {
  afterEach(() => localStorage.clear());

  it('remembers a landing page and lets a later landing page replace it', () => {
    storeLanding('/landers/gallery/milf-de');
    expect(readLanding()).toBe('landers/gallery/milf-de');
    storeLanding('/members/12/landing2/nl/');
    expect(readLanding()).toBe('members/12/landing2/nl');
  });

  it('ignores pages that are not landing pages', () => {
    storeLanding('/members');
    storeLanding('/landers/unknown/nl');
    expect(readLanding()).toBeNull();
  });
});
