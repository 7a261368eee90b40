import { API_MAX_RETRIES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY, retryDelay, shouldRetry } from './rules';

describe('shouldRetry', () => {
  it('retries network errors and 5xx answers of GET requests', () => {
    expect(shouldRetry({ method: 'GET', status: null, attempt: 0 })).toBe(true);
    expect(shouldRetry({ method: 'GET', status: 500, attempt: 0 })).toBe(true);
    expect(shouldRetry({ method: 'get', status: 503, attempt: 2 })).toBe(true);
  });

  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetry({ method: 'GET', status, attempt: 0 })).toBe(false);
    }
  });

  it('stops after API_MAX_RETRIES retries', () => {
    expect(shouldRetry({ method: 'GET', status: 502, attempt: API_MAX_RETRIES - 1 })).toBe(true);
    expect(shouldRetry({ method: 'GET', status: 502, attempt: API_MAX_RETRIES })).toBe(false);
  });

  it('retries idempotent writes but never a POST, which could be applied twice', () => {
    expect(shouldRetry({ method: 'PUT', status: 500, attempt: 0 })).toBe(true);
    expect(shouldRetry({ method: 'DELETE', status: null, attempt: 0 })).toBe(true);
    expect(shouldRetry({ method: 'POST', status: 500, attempt: 0 })).toBe(false);
    expect(shouldRetry({ method: 'POST', status: null, attempt: 0 })).toBe(false);
  });

  it('retries a POST with an idempotency key, which the server answers once', () => {
    expect(shouldRetry({ method: 'POST', status: null, attempt: 0, keyed: true })).toBe(true);
    expect(shouldRetry({ method: 'POST', status: 502, attempt: 0, keyed: true })).toBe(true);
    expect(shouldRetry({ method: 'POST', status: 402, attempt: 0, keyed: true })).toBe(false);
    expect(shouldRetry({ method: 'POST', status: null, attempt: API_MAX_RETRIES, keyed: true })).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from 250 ms', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it('is capped', () => {
    expect(retryDelay(20)).toBe(MAX_RETRY_DELAY);
  });
});
