import { API_MAX_RETRIES } from '@app/shared';

/** Methods that may safely be sent twice; a POST is retried only with an idempotency key. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** Longest wait between two attempts. */
export const MAX_RETRY_DELAY = 8_000;

export interface RetryInput {
  method: string;
  /** HTTP status of the failed attempt, or null when the request never got an answer. */
  status: number | null;
  /** Retries already made (0 after the first attempt). */
  attempt: number;
  /**
   * The request carries an idempotency key (a message send): the server answers a repeat with
   * the first result, so even a POST may be sent again.
   */
  keyed?: boolean;
}

/**
 * Whether a failed request is tried again (spec section 8): network errors and 5xx answers
 * of idempotent requests (by method, or by an idempotency key), up to API_MAX_RETRIES times;
 * a 4xx answer is final.
 */
export function shouldRetry({ method, status, attempt, keyed = false }: RetryInput): boolean {
  if (attempt >= API_MAX_RETRIES) return false;
  if (!keyed && !IDEMPOTENT_METHODS.has(method.toUpperCase())) return false;
  return status === null || status >= 500;
}

/** Exponential delay before retry number `attempt` (0-based): 250 ms, 500 ms, 1 s, ... capped. */
export function retryDelay(attempt: number): number {
  return Math.min(250 * 2 ** attempt, MAX_RETRY_DELAY);
}
