import { afterEach, describe, expect, it } from 'vitest';
import { hasTrafficSource, nextTrackingRecord, readTracking, storeTracking, trackingFromQuery } from './tracking';

describe('trackingFromQuery', () => {
  it('picks the tracking parameters and ignores the rest', () => {
    const search = new URLSearchParams('network=tiktok&ref=42&sub1=a&utm_source=x&sub3=');
    expect(trackingFromQuery(search)).toEqual({ network: 'tiktok', ref: '42', sub1: 'a' });
  });

  it('answers null without tracking parameters', () => {
    expect(trackingFromQuery(new URLSearchParams('lb=1'))).toBeNull();
  });
});

describe('nextTrackingRecord', () => {
  it('keeps the first touch when the query brings nothing new', () => {
    expect(nextTrackingRecord({ network: 'first' }, new URLSearchParams(''))).toEqual({ network: 'first' });
  });

  it('replaces it when new values come', () => {
    expect(nextTrackingRecord({ network: 'first', sub1: 'x' }, new URLSearchParams('network=second'))).toEqual({
      network: 'second',
    });
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

  it('stores the landing parameters and keeps them on later pages', () => {
    storeTracking(new URLSearchParams('network=ads&ref=7'));
    storeTracking(new URLSearchParams('page=2'));
    expect(readTracking()).toEqual({ network: 'ads', ref: '7' });
  });
});
