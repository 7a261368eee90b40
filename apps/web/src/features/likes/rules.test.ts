import { describe, expect, it } from 'vitest';
import { buildCard } from '../../testing/factories';
import type { LikeEntry } from './api/contract';
import { mergeEntries, parseLikeModalDelay, parseLikesTab, shouldOpenLikeModal } from './rules';

function entry(id: number): LikeEntry {
  return { id, like_new: false, match: false, card: buildCard({ id }) };
}

describe('parseLikesTab', () => {
  it('opens the received tab on /likes and knows the three tabs', () => {
    expect(parseLikesTab(undefined)).toBe('received');
    expect(parseLikesTab('given')).toBe('given');
    expect(parseLikesTab('matches')).toBe('matches');
    expect(parseLikesTab('received')).toBe('received');
  });

  it('has no tab for another type', () => {
    expect(parseLikesTab('all')).toBeNull();
    expect(parseLikesTab('')).toBeNull();
  });
});

describe('mergeEntries', () => {
  it('appends later pages and shows each member once', () => {
    const merged = mergeEntries([entry(1), entry(2)], [entry(2), entry(3), entry(3)]);
    expect(merged.map((e) => e.id)).toEqual([1, 2, 3]);
  });
});

describe('parseLikeModalDelay', () => {
  it('reads whole and decimal seconds as milliseconds', () => {
    expect(parseLikeModalDelay('5')).toBe(5000);
    expect(parseLikeModalDelay('0')).toBe(0);
    expect(parseLikeModalDelay('1.5')).toBe(1500);
  });

  it('opens nothing for a missing or non-numeric t', () => {
    expect(parseLikeModalDelay(null)).toBeNull();
    expect(parseLikeModalDelay('')).toBeNull();
    expect(parseLikeModalDelay('soon')).toBeNull();
    expect(parseLikeModalDelay('-3')).toBeNull();
    expect(parseLikeModalDelay('5s')).toBeNull();
  });
});

describe('shouldOpenLikeModal', () => {
  it('opens for a logged-in member with a delay and a profile to show', () => {
    expect(shouldOpenLikeModal({ loggedIn: true, delay: 0, hasProfile: true })).toBe(true);
  });

  it('stays shut without any of them', () => {
    expect(shouldOpenLikeModal({ loggedIn: false, delay: 0, hasProfile: true })).toBe(false);
    expect(shouldOpenLikeModal({ loggedIn: true, delay: null, hasProfile: true })).toBe(false);
    expect(shouldOpenLikeModal({ loggedIn: true, delay: 1000, hasProfile: false })).toBe(false);
  });
});
