import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateOrderResponseSchema, StaffMeResponseSchema } from '@app/shared';
import { buildMember } from '../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../test/helpers.js';
import { staffCall, staffSession } from '../test/staff.js';
import { creditBundles } from './db/schema/index.js';

/**
 * Production mode (NODE_ENV=production) on the real app: what only the demo may serve is not
 * there, whatever the opt-ins. parseConfig refuses a production start without SMTP_URL or
 * MAIL_OUTBOX, and without MOLLIE_API_KEY or DEMO_PAYMENTS; `refused` is built past that check
 * on purpose, to show the app itself never falls back to the demo's pages.
 */
let demo: TestApp;
let optedIn: TestApp;
let refused: TestApp;
beforeAll(async () => {
  demo = await buildTestApp({ rateLimitScale: 50 });
  const production = { production: true, publicUrl: 'https://example.test', secureCookies: true, seedDemo: false };
  optedIn = await buildTestApp(
    { ...production, mailOutbox: true, demoPayments: true, rateLimitScale: 50 },
    { db: demo.db },
  );
  refused = await buildTestApp({ ...production, mailOutbox: true }, { db: demo.db });
});
afterAll(async () => {
  await refused?.close();
  await optedIn?.close();
  await demo?.close();
});

async function checkoutUrl(t: TestApp): Promise<string> {
  const { member } = await buildMember(t.db, { member: { credits: 0 } });
  const [bundle] = await t.db
    .select()
    .from(creditBundles)
    .where(and(eq(creditBundles.tier, 'p1'), eq(creditBundles.active, true)))
    .limit(1);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order.php',
    headers: { ...XHR, cookie: await loginCookie(t.db, member.id) },
    payload: { bundle_id: bundle!.id, method: 'ideal', terms: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = CreateOrderResponseSchema.parse(res.json()).checkout_url;
  if (!url) throw new Error('no checkout URL');
  return new URL(url).pathname;
}

describe('production mode', () => {
  it('serves no mail outbox, not even with MAIL_OUTBOX=true (the demo does)', async () => {
    for (const url of ['/api/outbox.php', '/dev/outbox', '/dev/outbox.css']) {
      expect((await demo.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      for (const t of [optedIn, refused]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('Outbox');
      }
    }
  });

  it('serves the demo checkout only with DEMO_PAYMENTS=true', async () => {
    const refusedPath = await checkoutUrl(refused);
    expect((await refused.app.inject({ method: 'GET', url: refusedPath })).statusCode).toBe(404);
    const marked = await refused.app.inject({
      method: 'POST',
      url: refusedPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    expect(marked.statusCode).toBe(404);
    expect((await refused.app.inject({ method: 'GET', url: '/demo-checkout.css' })).statusCode).toBe(404);

    const optedInPath = await checkoutUrl(optedIn);
    expect((await optedIn.app.inject({ method: 'GET', url: optedInPath })).statusCode).toBe(200);
  });

  it('tells the console when members can mark their own orders paid', async () => {
    const withDemo = await staffSession(optedIn, 'support');
    const me = await staffCall(optedIn, withDemo.cookie, 'GET', '/api/admin/me.php');
    expect(StaffMeResponseSchema.parse(me.json()).demo_payments).toBe(true);
    const without = await staffSession(refused, 'support');
    const refusedMe = await staffCall(refused, without.cookie, 'GET', '/api/admin/me.php');
    expect(StaffMeResponseSchema.parse(refusedMe.json()).demo_payments).toBe(false);
  });
});
