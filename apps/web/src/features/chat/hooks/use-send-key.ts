import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '../../../lib/api';

/** Idempotency keys for the sends of one chat or gift picker (see useSendKey). */
export interface SendKeys {
  /** The key to send `content` under now: the failed send's when it is the same content, else a new one. */
  take(content: string): string;
  /** The send of `content` under `key` failed: sending the same content again reuses the key. */
  failed(content: string, key: string): void;
}

/**
 * One idempotency key per message, made when the member sends it; the API client's retries of
 * that send carry the same key. A send that failed for good leaves its key to the member's own
 * retry of the same content (the text the composer put back, the same gift or photo chosen
 * again): if the failed send reached the server after all, the server answers that message
 * instead of sending it twice; if it did not, the key is still unused and the message goes as
 * new. `content` identifies what is sent, e.g. `text:<body>`.
 */
export function useSendKey(): SendKeys {
  const lastFailed = useRef<{ content: string; key: string } | null>(null);
  return useMemo(
    () => ({
      take(content) {
        const failed = lastFailed.current;
        lastFailed.current = null;
        return failed?.content === content ? failed.key : newIdempotencyKey();
      },
      failed(content, key) {
        lastFailed.current = { content, key };
      },
    }),
    [],
  );
}
