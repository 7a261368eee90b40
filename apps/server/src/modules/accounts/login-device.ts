import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { storedSigningKey } from '../../db/app-secrets.js';

/**
 * A browser that logged in to an account before carries a signed token of it, so that a
 * distributed guessing attack, which locks the account over all addresses, does not lock out
 * its owner there. The token names the member and when it was issued; it is signed with a key
 * kept in app_secrets, over a digest of the member's password hash, so a new password ends
 * every device's standing. It never logs anyone in: the password is still checked, and the
 * per-address lock still applies.
 */
export const LOGIN_DEVICE_COOKIE = 'login_device';
export const LOGIN_DEVICE_DAYS = 365;

/** The key that signs login-device tokens: made on first use and kept in app_secrets. */
export function loadLoginDeviceKey(db: DbOrTx): Promise<Buffer> {
  return storedSigningKey(db, 'login_device_hmac_key');
}
const DAY_MS = 86_400_000;

const sign = (key: Buffer, payload: string, passwordHash: string) =>
  createHmac('sha256', key)
    .update(payload)
    .update('.')
    .update(createHash('sha256').update(passwordHash).digest())
    .digest('base64url');

/** `{memberId}.{issued, seconds in base 36}.{signature}` */
export function signLoginDevice(key: Buffer, memberId: number, passwordHash: string, now: Date): string {
  const payload = `${memberId}.${Math.floor(now.getTime() / 1000).toString(36)}`;
  return `${payload}.${sign(key, payload, passwordHash)}`;
}

/** Whether `token` is this member's, under their current password, and not expired. */
export function isLoginDevice(
  key: Buffer,
  token: string | undefined,
  member: { id: number; passwordHash: string },
  now: Date,
): boolean {
  const match = token ? /^(\d{1,15})\.([0-9a-z]{1,10})\.([\w-]{43})$/.exec(token) : null;
  if (!match) return false;
  const [, id, issued, signature] = match as unknown as [string, string, string, string];
  if (Number(id) !== member.id) return false;
  const age = now.getTime() - parseInt(issued, 36) * 1000;
  if (age < 0 || age > LOGIN_DEVICE_DAYS * DAY_MS) return false;
  const expected = Buffer.from(sign(key, `${id}.${issued}`, member.passwordHash));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
