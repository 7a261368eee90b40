/** A device's push subscription as the browser's PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  /** The device's P-256 public key, base64url. */
  p256dh: string;
  /** The device's auth secret, base64url. */
  auth: string;
}

/** How the push service should treat a message (RFC 8030 section 5). */
export interface PushDelivery {
  /** Seconds the push service keeps the message while the device is offline. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A message with the same topic replaces one still waiting on the push service. */
  topic?: string;
}

/**
 * What became of one push: sent, gone (the push service answered 404 or 410: the subscription
 * ended and must be deleted), or failed otherwise (the status when the service answered).
 */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; status: number | null; error: Error };

/** Sends one encrypted push message to one device. */
export interface PushSender {
  send(target: PushTarget, payload: string, delivery: PushDelivery): Promise<PushOutcome>;
}

/** The VAPID key pair (base64url) and the contact the push services may reach us at. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL. */
  subject: string;
}
