import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { storedSigningKey } from '../../db/app-secrets.js';

/** The app_secrets row of the key that signs unsubscribe tokens. */
export const UNSUBSCRIBE_KEY_NAME = 'unsubscribe_hmac_key';

/** The signing key: made on first start and kept in app_secrets. */
export function loadUnsubscribeKey(db: DbOrTx): Promise<Buffer> {
  return storedSigningKey(db, UNSUBSCRIBE_KEY_NAME);
}

/** What a token names: the member, and the kind of mail it came with (for the logs). */
export interface UnsubscribeClaim {
  memberId: number;
  kind: string;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * `{memberId}.{kind}.{signature}`: no expiry, since an unsubscribe link must keep working in an
 * old mail; it can only ever switch e-mail off for the member it names.
 */
export function signUnsubscribeToken(key: Buffer, claim: UnsubscribeClaim): string {
  const payload = `${claim.memberId}.${claim.kind}`;
  return `${payload}.${sign(key, payload)}`;
}

/** The claim of a token signed with `key`, or null for anything else. */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaim | null {
  const match = /^(\d{1,15})\.([a-z_]{1,40})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, kind, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(key, `${id}.${kind}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { memberId: Number(id), kind };
}
