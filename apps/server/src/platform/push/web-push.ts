import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushDelivery, PushOutcome, PushSender, PushTarget, VapidKeys } from './types.js';

/** A push service that does not answer within this time is given up on; the next event retries. */
const SEND_TIMEOUT_MS = 10_000;

/** Push service answers that mean the subscription is gone for good. */
export function isGoneStatus(status: number): boolean {
  return status === 404 || status === 410;
}

/**
 * Web push through the `web-push` library: aes128gcm payload encryption (RFC 8291) and VAPID
 * authentication (RFC 8292). `agent` is the HTTPS agent of the requests to the push services;
 * tests pass one that trusts their stand-in's certificate.
 */
export function createWebPushSender(opts: { vapid: VapidKeys; agent?: Agent }): PushSender {
  const vapidDetails = {
    subject: opts.vapid.subject,
    publicKey: opts.vapid.publicKey,
    privateKey: opts.vapid.privateKey,
  };
  return {
    async send(target: PushTarget, payload: string, delivery: PushDelivery): Promise<PushOutcome> {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            TTL: delivery.ttl,
            urgency: delivery.urgency,
            contentEncoding: 'aes128gcm',
            timeout: SEND_TIMEOUT_MS,
            ...(delivery.topic ? { topic: delivery.topic } : {}),
            ...(opts.agent ? { agent: opts.agent } : {}),
          },
        );
        return { kind: 'sent' };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          return isGoneStatus(err.statusCode)
            ? { kind: 'gone' }
            : { kind: 'failed', status: err.statusCode, error: err };
        }
        return { kind: 'failed', status: null, error: err instanceof Error ? err : new Error(String(err)) };
      }
    },
  };
}
