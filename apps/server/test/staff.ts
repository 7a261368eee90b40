import { STAFF_COOKIE, type StaffRole } from '@app/shared';
import { staff } from '../src/db/schema/index.js';
import { totpCode, totpStep } from '../src/modules/admin/totp.js';
import { passwordHash, uniqueEmail } from './factories.js';
import { XHR, type TestApp } from './helpers.js';

/** The password of every staff member the helpers create. */
export const STAFF_PASSWORD = 'console-password-1';

/** The console cookie header a login answer set. */
export function staffCookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
  if (!cookie) throw new Error('no staff cookie set');
  return `${STAFF_COOKIE}=${cookie.value}`;
}

/** A staff account of `role` (no authenticator enrolled yet). */
export async function createStaff(t: TestApp, role: StaffRole) {
  const email = uniqueEmail(role);
  const [row] = await t.db
    .insert(staff)
    .values({ email, name: `${role} tester`, role, passwordHash: await passwordHash(STAFF_PASSWORD) })
    .returning();
  return row!;
}

/**
 * Enrols and logs in a new staff member of `role`: the console cookie and the TOTP secret.
 * `at` is the app's clock (the code must be current for it). Many logins come from one address:
 * build the app with a raised rate-limit scale.
 */
export async function staffSession(t: TestApp, role: StaffRole, at: Date = new Date()) {
  const row = await createStaff(t, role);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login.php',
    headers: XHR,
    payload: { email: row.email, password: STAFF_PASSWORD },
  });
  const { secret } = res.json() as { secret: string };
  const cookie = staffCookieOf(res);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/admin/totp.php',
    headers: { ...XHR, cookie },
    payload: { code: totpCode(secret, totpStep(at)) },
  });
  if (verified.statusCode !== 200) throw new Error(`staff login failed: ${verified.body}`);
  return { row, cookie, secret, recoveryCodes: verified.json().recovery_codes as string[] };
}

/** A console call with the staff cookie (and the request-type header). */
export function staffCall(t: TestApp, cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
}
