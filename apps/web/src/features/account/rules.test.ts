import { POLL_INTERVAL, POLL_INTERVAL_WITH_PUSH } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { pollInterval } from './rules';

describe('pollInterval', () => {
  it('never polls for visitors', () => {
    expect(pollInterval({ loggedIn: false, pushSubscribed: false, started: true })).toBe(false);
  });

  it('waits for the start delay', () => {
    expect(pollInterval({ loggedIn: true, pushSubscribed: false, started: false })).toBe(false);
  });

  it('polls every 60 s, or every 300 s with push', () => {
    expect(pollInterval({ loggedIn: true, pushSubscribed: false, started: true })).toBe(POLL_INTERVAL);
    expect(pollInterval({ loggedIn: true, pushSubscribed: true, started: true })).toBe(POLL_INTERVAL_WITH_PUSH);
  });
});
