import { and, asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BundlesResponseSchema,
  CreateOrderResponseSchema,
  CURRENCY_BY_COUNTRY,
  FREE_CONVERSATION_LIMIT,
  FREE_PHOTO_LIMIT,
  FREE_VIEWER_PHOTOS,
  OrderResponseSchema,
  PAYMENT_METHODS_BY_COUNTRY,
  PREMIUM_PHOTO_LIMIT,
  TERMS_VERSION_MIN,
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENT,
  TransactionsResponseSchema,
  type Order,
} from '@app/shared';
import { buildMember, buildPhoto, ledgerOf } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import {
  bundlePrices,
  companies,
  creditBundles,
  demoPayments,
  discountCodeUses,
  discountCodes,
  members,
  orders,
} from '../../db/schema/index.js';
import { SEED_BUNDLES, seedReference } from '../../db/seed/reference.js';
import { CREDITS_CHANNEL } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';

let t: TestApp;
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
const published: unknown[] = [];
beforeAll(async () => {
  await bus.subscribe(CREDITS_CHANNEL, (event) => void published.push(event));
  t = await buildTestApp({}, { bus });
});
afterAll(async () => {
  await t?.close();
  await bus.close();
});

type MemberOverrides = Parameters<typeof buildMember>[1];

/** A confirmed, non-paid member in the Netherlands unless told otherwise, logged in. */
async function buyer(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, { member: { credits: 0, ...overrides.member }, profile: overrides.profile });
  return { id: built.member.id, cookie: await loginCookie(t.db, built.member.id) };
}

async function seededBundles() {
  return t.db.select().from(creditBundles).where(eq(creditBundles.active, true)).orderBy(asc(creditBundles.position));
}

/** The seeded bundle of a tier. */
async function bundleOf(tier: 'p0' | 'p1' | 'p2' | 'p3') {
  const [row] = await t.db
    .select()
    .from(creditBundles)
    .where(and(eq(creditBundles.tier, tier), eq(creditBundles.active, true)))
    .limit(1);
  return row!;
}

async function priceOf(bundleId: number, currency: string) {
  const [row] = await t.db
    .select()
    .from(bundlePrices)
    .where(and(eq(bundlePrices.bundleId, bundleId), eq(bundlePrices.currency, currency)));
  return row!.amount;
}

function placeOrder(cookie: string, payload: Record<string, unknown>, locale = 'nl') {
  return t.app.inject({
    method: 'POST',
    url: '/api/order.php',
    headers: { ...XHR, cookie: `${cookie}; locale=${locale}` },
    payload,
  });
}

/** Places an order that must succeed; answers the order and the checkout URL. */
async function ordered(cookie: string, payload: Record<string, unknown>) {
  const res = await placeOrder(cookie, { terms: true, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return CreateOrderResponseSchema.parse(res.json());
}

/** The path of a checkout URL (the demo page is served by the app itself). */
const pathOf = (url: string) => new URL(url).pathname;

/** The payer's choice on the demo checkout page, posted as the page's form does. */
function choose(checkoutUrl: string, outcome: string, extra = '') {
  return t.app.inject({
    method: 'POST',
    url: pathOf(checkoutUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}${extra}`,
  });
}

function repeatOrder(cookie: string, payload: Record<string, unknown> = { terms: true }) {
  return t.app.inject({ method: 'POST', url: '/api/repeat-order.php', headers: { ...XHR, cookie }, payload });
}

async function orderOf(cookie: string, id: number): Promise<Order> {
  const res = await t.app.inject({ method: 'GET', url: `/api/order.php?id=${id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return OrderResponseSchema.parse(res.json()).order;
}

async function memberRow(id: number) {
  const [row] = await t.db.select().from(members).where(eq(members.id, id));
  return row!;
}

function webhook(payload: string | Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    ...(typeof payload === 'string'
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload }
      : { payload }),
  });
}

async function paymentIdOf(orderId: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row!.providerPaymentId!;
}

/** A member who bought a bundle through the demo checkout with `method` (ideal unless told). */
async function customer(method = 'ideal', extra = '') {
  const me = await buyer();
  const bundle = await bundleOf('p1');
  const { order, checkout_url } = await ordered(me.cookie, { bundle_id: bundle.id, method });
  expect((await choose(checkout_url!, 'paid', extra)).statusCode).toBe(303);
  return { ...me, first: order, bundle };
}

describe('the seeded bundles', () => {
  it('are four tiers p0-p3, one popular, each bigger one cheaper per credit in every currency', async () => {
    const rows = await seededBundles();
    expect(rows.map((b) => [b.tier, b.credits, b.popular])).toEqual(
      SEED_BUNDLES.map((b) => [b.tier, b.credits, b.popular]),
    );
    expect(rows.filter((b) => b.popular)).toHaveLength(1);
    for (const currency of ['EUR', ...Object.values(CURRENCY_BY_COUNTRY)]) {
      const perCredit = await Promise.all(rows.map(async (b) => (await priceOf(b.id, currency)) / b.credits));
      expect(
        [...perCredit].sort((a, b) => b - a),
        currency,
      ).toEqual(perCredit);
      expect(new Set(perCredit).size, currency).toBe(4);
    }
  });

  it("are seeded once: a second start neither duplicates them nor undoes the operator's prices", async () => {
    const [first] = await seededBundles();
    await t.db
      .update(bundlePrices)
      .set({ amount: 1234 })
      .where(and(eq(bundlePrices.bundleId, first!.id), eq(bundlePrices.currency, 'EUR')));
    try {
      await seedReference(t.db);
      expect(await t.db.select().from(creditBundles)).toHaveLength(SEED_BUNDLES.length);
      expect(await priceOf(first!.id, 'EUR')).toBe(1234);
    } finally {
      await t.db
        .update(bundlePrices)
        .set({ amount: SEED_BUNDLES[0]!.prices.EUR! })
        .where(and(eq(bundlePrices.bundleId, first!.id), eq(bundlePrices.currency, 'EUR')));
    }
  });
});

describe('GET /api/bundles.php', () => {
  it("prices a visitor's bundles in the site's first country's currency, with its methods and the terms version", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bundles.php' });
    expect(res.statusCode, res.body).toBe(200);
    const body = BundlesResponseSchema.parse(res.json());
    const rows = await seededBundles();
    expect(body.currency).toBe('EUR');
    expect(body.methods).toEqual(PAYMENT_METHODS_BY_COUNTRY.NL);
    // The seeded company was added before the minimum terms date.
    expect(body.terms_version).toBe(TERMS_VERSION_MIN);
    expect(body.bundles).toEqual(
      await Promise.all(
        rows.map(async (b) => ({
          id: b.id,
          tier: b.tier,
          credits: b.credits,
          popular: b.popular,
          price: await priceOf(b.id, 'EUR'),
        })),
      ),
    );
  });

  it('offers the card as one choice in every country, never a card brand beside it', async () => {
    for (const country of ['NL', 'BE', 'DE', 'PL', 'GB'] as const) {
      const me = await buyer({ profile: { country } });
      const { methods } = BundlesResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/bundles.php', headers: { cookie: me.cookie } })).json(),
      );
      expect(methods, country).toContain('creditcard');
      expect(
        methods.filter((m) => ['visa', 'mastercard', 'maestro'].includes(m)),
        country,
      ).toEqual([]);
      expect(new Set(methods).size, country).toBe(methods.length);
    }
  });

  it("prices a member's bundles in the currency of the profile's country, with that country's methods", async () => {
    const me = await buyer({ profile: { country: 'CH' } });
    const body = BundlesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/bundles.php', headers: { cookie: me.cookie } })).json(),
    );
    expect(body.currency).toBe('CHF');
    expect(body.methods).toEqual(PAYMENT_METHODS_BY_COUNTRY.CH);
    const p2 = await bundleOf('p2');
    expect(body.bundles.find((b) => b.id === p2.id)?.price).toBe(await priceOf(p2.id, 'CHF'));
  });

  it('leaves out withdrawn bundles', async () => {
    const [extra] = await t.db
      .insert(creditBundles)
      .values({ tier: 'p3', credits: 5000, position: 9, active: false })
      .returning();
    await t.db.insert(bundlePrices).values({ bundleId: extra!.id, currency: 'EUR', amount: 50000 });
    const body = BundlesResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/bundles.php' })).json());
    expect(body.bundles.map((b) => b.id)).not.toContain(extra!.id);
    const me = await buyer();
    expect((await placeOrder(me.cookie, { bundle_id: extra!.id, method: 'ideal', terms: true })).statusCode).toBe(404);
  });
});

describe('POST /api/order.php', () => {
  it('places a pending order at the price of the currency, with the terms version, and sends the payer to checkout', async () => {
    const me = await buyer();
    const bundle = await bundleOf('p2');
    const { order, checkout_url } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
    const price = await priceOf(bundle.id, 'EUR');
    expect(order).toMatchObject({
      status: 'pending',
      bundle_id: bundle.id,
      credits: bundle.credits,
      method: 'ideal',
      currency: 'EUR',
      amount: price,
      list_amount: price,
      discount_code: null,
      discount_percentage: null,
      failure: null,
      terms_version: TERMS_VERSION_MIN,
      completed_at: null,
    });
    expect(checkout_url).toMatch(/^http:\/\/localhost(:\d+)?\/demo-checkout\/tr_demo_\w+$/);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ memberId: me.id, provider: 'demo', repeat: false });
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
    // The demo payment returns to the order's status page and reports to our webhook.
    const [payment] = await t.db.select().from(demoPayments).where(eq(demoPayments.id, row!.providerPaymentId!));
    expect(payment).toMatchObject({ amount: price, currency: 'EUR', method: 'ideal', status: 'open' });
    expect(new URL(payment!.returnUrl).pathname).toBe(`/transactions/${order.id}`);
    expect(new URL(payment!.webhookUrl).pathname).toBe('/api/payment-webhook.php');
    expect(await orderOf(me.cookie, order.id)).toEqual(order);
    // Nothing is credited before the payment.
    expect((await memberRow(me.id)).credits).toBe(0);
  });

  it('pays an order placed with a card brand (the spec route /credits/{id}/visa) as the card', async () => {
    const me = await buyer();
    const bundle = await bundleOf('p1');
    const { order } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'visa' });
    expect(order.method).toBe('creditcard');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.method).toBe('creditcard');
  });

  it("records the company's added date as the terms version when it is later than the minimum", async () => {
    const [company] = await t.db.select().from(companies).limit(1);
    await t.db
      .update(companies)
      .set({ added: new Date('2025-03-01T09:30:00Z') })
      .where(eq(companies.id, company!.id));
    try {
      const me = await buyer();
      const bundle = await bundleOf('p0');
      const { order } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
      expect(order.terms_version).toBe('2025-03-01T09:30:00.000Z');
      const bundles = BundlesResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/bundles.php' })).json(),
      );
      expect(bundles.terms_version).toBe('2025-03-01T09:30:00.000Z');
    } finally {
      await t.db.update(companies).set({ added: company!.added }).where(eq(companies.id, company!.id));
    }
  });

  it("charges in the currency of the member's country", async () => {
    const me = await buyer({ profile: { country: 'PL' } });
    const bundle = await bundleOf('p0');
    const { order } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'blik' });
    expect(order).toMatchObject({ currency: 'PLN', amount: await priceOf(bundle.id, 'PLN') });
  });

  it('refuses visitors and calls without the request-type header', async () => {
    const bundle = await bundleOf('p0');
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/order.php',
      headers: XHR,
      payload: { bundle_id: bundle.id, method: 'ideal', terms: true },
    });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('authentication_required');

    const me = await buyer();
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/order.php',
      headers: { cookie: me.cookie },
      payload: { bundle_id: bundle.id, method: 'ideal', terms: true },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe('request_type_required');
    expect(await t.db.select().from(orders).where(eq(orders.memberId, me.id))).toEqual([]);
  });

  it('requires the terms accepted, with a translated field message', async () => {
    const me = await buyer();
    const bundle = await bundleOf('p0');
    const res = await placeOrder(me.cookie, { bundle_id: bundle.id, method: 'ideal', terms: false }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      fields: { terms: 'You must accept the terms and conditions.' },
    });
    expect(await t.db.select().from(orders).where(eq(orders.memberId, me.id))).toEqual([]);
  });

  it("refuses a method not offered in the member's country, and an unknown bundle", async () => {
    const me = await buyer();
    const bundle = await bundleOf('p0');
    const blik = await placeOrder(me.cookie, { bundle_id: bundle.id, method: 'blik', terms: true }, 'en');
    expect(blik.statusCode).toBe(400);
    expect(blik.json()).toMatchObject({
      error: 'validation_failed',
      fields: { method: 'This payment method is not available in your country. Choose another payment method.' },
    });
    const unknown = await placeOrder(me.cookie, { bundle_id: 999_999, method: 'ideal', terms: true });
    expect(unknown.statusCode).toBe(404);
    const bad = await placeOrder(me.cookie, { bundle_id: bundle.id, method: 'bitcoin', terms: true });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['method']);
  });

  it("takes a code's percentage off the price on the server and records its use when paid", async () => {
    const me = await buyer();
    const bundle = await bundleOf('p2');
    const [code] = await t.db
      .insert(discountCodes)
      .values({ code: 'ORDER15', percentage: 15, source: 'operator', validity: 'once_per_user' })
      .returning();
    const { order, checkout_url } = await ordered(me.cookie, {
      bundle_id: bundle.id,
      method: 'ideal',
      code: 'order15',
    });
    const price = await priceOf(bundle.id, 'EUR');
    expect(order).toMatchObject({
      amount: Math.round(price * 0.85),
      list_amount: price,
      discount_code: 'ORDER15',
      discount_percentage: 15,
    });
    const [payment] = await t.db
      .select()
      .from(demoPayments)
      .where(eq(demoPayments.id, await paymentIdOf(order.id)));
    expect(payment!.amount).toBe(order.amount);
    // Claimed with the order, used when it completes.
    expect(await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, code!.id))).toEqual([
      expect.objectContaining({ memberId: me.id, orderId: order.id, holds: 'member', usedAt: null }),
    ]);
    await choose(checkout_url!, 'paid');
    expect(await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, code!.id))).toEqual([
      expect.objectContaining({ memberId: me.id, orderId: order.id, usedAt: expect.any(Date) }),
    ]);

    const again = await placeOrder(me.cookie, { bundle_id: bundle.id, method: 'ideal', code: 'ORDER15', terms: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'code_used', message: 'Code reeds gebruikt' });
  });

  it("refuses unknown codes, and codes under their minimum or for another method, with the contract's errors", async () => {
    const me = await buyer();
    const bundle = await bundleOf('p0');
    const unknown = await placeOrder(me.cookie, { bundle_id: bundle.id, method: 'ideal', code: 'NOPE', terms: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'code_not_found', message: 'Code niet gevonden' });

    await t.db.insert(discountCodes).values([
      { code: 'BIGONLY', percentage: 20, source: 'operator', validity: 'unlimited', minimumOrderValue: 100_000 },
      { code: 'CARDONLY', percentage: 20, source: 'operator', validity: 'unlimited', paymentMethods: ['creditcard'] },
    ]);
    const minimum = await placeOrder(me.cookie, {
      bundle_id: bundle.id,
      method: 'ideal',
      code: 'BIGONLY',
      terms: true,
    });
    expect(minimum.statusCode).toBe(400);
    expect(Object.keys(minimum.json().fields)).toEqual(['code']);
    const method = await placeOrder(me.cookie, {
      bundle_id: bundle.id,
      method: 'ideal',
      code: 'CARDONLY',
      terms: true,
    });
    expect(method.statusCode).toBe(400);
    expect(Object.keys(method.json().fields)).toEqual(['code']);
    expect(await t.db.select().from(orders).where(eq(orders.memberId, me.id))).toEqual([]);
  });

  it('gives a single-use code to one order only, even when ten members place orders with it at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    const bundle = await bundleOf('p0');
    await t.db.insert(discountCodes).values({ code: 'ONLYONE', percentage: 30, source: 'operator', validity: 'once' });

    const answers = await Promise.all(
      buyers.map((b) => placeOrder(b.cookie, { bundle_id: bundle.id, method: 'ideal', code: 'ONLYONE', terms: true })),
    );

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const withCode = await t.db.select().from(orders).where(eq(orders.discountCode, 'ONLYONE'));
    expect(withCode).toHaveLength(1);
    // The pending order holds it, also against its own member's second checkout.
    const holder = buyers[answers.findIndex((a) => a.statusCode === 200)]!;
    const again = await placeOrder(holder.cookie, {
      bundle_id: bundle.id,
      method: 'ideal',
      code: 'ONLYONE',
      terms: true,
    });
    expect(again.statusCode).toBe(409);
  });

  it('completes an order a 100% code makes free at once, without a payment', async () => {
    const me = await buyer();
    const bundle = await bundleOf('p0');
    await t.db
      .insert(discountCodes)
      .values({ code: 'FREEBIE', percentage: 100, source: 'operator', validity: 'unlimited' });
    const { order, checkout_url } = await ordered(me.cookie, {
      bundle_id: bundle.id,
      method: 'ideal',
      code: 'FREEBIE',
    });
    expect(checkout_url).toBeNull();
    expect(order).toMatchObject({ status: 'completed', amount: 0 });
    expect((await memberRow(me.id)).credits).toBe(bundle.credits);
  });
});

describe('the demo checkout', () => {
  it("shows the amount and method with the four choices, in the payer's language", async () => {
    const me = await buyer();
    const bundle = await bundleOf('p1');
    const { checkout_url } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(checkout_url!),
      headers: { 'accept-language': 'nl' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('iDEAL');
    expect(page.body).toContain('29,99');
    for (const outcome of ['paid', 'failed', 'canceled', 'open']) expect(page.body).toContain(`value="${outcome}"`);
    expect(page.body).toContain('Betaald');
    expect(page.body).not.toMatch(/<script|style=/);
    const css = await t.app.inject({ method: 'GET', url: '/demo-checkout.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect((await t.app.inject({ method: 'GET', url: '/demo-checkout/tr_demo_unknown' })).statusCode).toBe(404);
  });

  it('paid: completes the order, adds the credits with a purchase ledger row, makes the member paid and announces the balance', async () => {
    const me = await buyer({ member: { credits: 7 } });
    const bundle = await bundleOf('p2');
    const { order, checkout_url } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
    const res = await choose(checkout_url!, 'paid');
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location!).pathname).toBe(`/transactions/${order.id}`);

    const done = await orderOf(me.cookie, order.id);
    expect(done.status).toBe('completed');
    expect(done.completed_at).not.toBeNull();
    const row = await memberRow(me.id);
    expect(row).toMatchObject({ credits: 7 + bundle.credits, paidUser: true });
    expect(await ledgerOf(t.db, me.id)).toEqual([
      expect.objectContaining({
        delta: bundle.credits,
        reason: 'purchase',
        orderId: order.id,
        balanceAfter: row.credits,
      }),
    ]);
    await vi.waitFor(() =>
      expect(published).toContainEqual({ type: 'credits', member_id: me.id, credits: 7 + bundle.credits }),
    );

    // The page of a settled payment offers only the way back; a second choice changes nothing.
    const page = await t.app.inject({ method: 'GET', url: pathOf(checkout_url!) });
    expect(page.body).not.toContain('value="failed"');
    await choose(checkout_url!, 'failed');
    expect((await orderOf(me.cookie, order.id)).status).toBe('completed');
    expect(await ledgerOf(t.db, me.id)).toHaveLength(1);
  });

  it('failed, cancelled and left pending move the order accordingly and add nothing', async () => {
    const me = await buyer();
    const bundle = await bundleOf('p0');
    const outcomes = { failed: 'failed', canceled: 'cancelled', open: 'pending' } as const;
    for (const [outcome, status] of Object.entries(outcomes)) {
      const { order, checkout_url } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
      const res = await choose(checkout_url!, outcome);
      expect(res.statusCode).toBe(303);
      expect(await orderOf(me.cookie, order.id)).toMatchObject({ status, failure: null, completed_at: null });
    }
    expect(await memberRow(me.id)).toMatchObject({ credits: 0, paidUser: false });
    expect(await ledgerOf(t.db, me.id)).toEqual([]);
  });

  it('refuses a choice it does not know', async () => {
    const me = await buyer();
    const bundle = await bundleOf('p0');
    const { checkout_url } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
    expect((await choose(checkout_url!, 'refunded')).statusCode).toBe(400);
  });
});

describe('premium after the first purchase', () => {
  it('raises the photo limit, shows every photo of others and lifts the conversation limit', async () => {
    const me = await buyer({ member: { credits: 100 } });
    const { member: pictured } = await buildMember(t.db);
    for (let position = 0; position < FREE_VIEWER_PHOTOS + 2; position += 1) {
      await buildPhoto(t.db, pictured.id, { position, isMain: position === 0 });
    }
    const viewed = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/member.php?id=${pictured.id}`, headers: { cookie: me.cookie } })
      ).json().member;
    expect((await viewed()).photos).toHaveLength(FREE_VIEWER_PHOTOS);
    const profile = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/profile.php', headers: { cookie: me.cookie } })).json().profile;
    expect((await profile()).photo_limit).toBe(FREE_PHOTO_LIMIT);

    const send = async () => {
      const { member: recipient } = await buildMember(t.db);
      return t.app.inject({
        method: 'POST',
        url: '/api/message.php',
        headers: { ...XHR, cookie: me.cookie },
        // Each its own opening: the same text to three members is refused as a mass mailing.
        payload: { member_id: recipient.id, body: `Hoi ${recipient.id}!` },
      });
    };
    for (let i = 0; i < FREE_CONVERSATION_LIMIT; i += 1) expect((await send()).statusCode).toBe(200);
    expect((await send()).json().error).toBe('conversation_limit_reached');

    const bundle = await bundleOf('p0');
    const { checkout_url } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
    await choose(checkout_url!, 'paid');
    expect((await profile()).photo_limit).toBe(PREMIUM_PHOTO_LIMIT);
    const user = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: me.cookie } });
    expect(user.json().user.paid_user).toBe(true);
    expect(await viewed()).toMatchObject({ locked_photos: 0, photos: expect.any(Array) });
    expect((await viewed()).photos).toHaveLength(FREE_VIEWER_PHOTOS + 2);
    expect((await send()).statusCode).toBe(200);
  });
});

describe('an unconfirmed member', () => {
  it('buys from the first minute with the time bonus and becomes premium, but still may not send messages', async () => {
    const me = await buyer({ member: { status: 'not_confirmed', signupDate: new Date() } });
    const bundle = await bundleOf('p1');
    const { order, checkout_url } = await ordered(me.cookie, {
      bundle_id: bundle.id,
      method: 'ideal',
      code: TIME_BONUS_CODE,
    });
    expect(order).toMatchObject({ status: 'pending', discount_percentage: TIME_BONUS_PERCENT });
    expect((await choose(checkout_url!, 'paid')).statusCode).toBe(303);

    expect((await orderOf(me.cookie, order.id)).status).toBe('completed');
    expect(await memberRow(me.id)).toMatchObject({ credits: bundle.credits, paidUser: true });
    const user = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: me.cookie } });
    // Premium now, and still unconfirmed: the activation reminder stays.
    expect(user.json().user).toMatchObject({ paid_user: true, status: 'not_confirmed', credits: bundle.credits });

    const { member: recipient } = await buildMember(t.db);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { ...XHR, cookie: me.cookie },
      payload: { member_id: recipient.id, body: 'Hallo' },
    });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error).toBe('account_not_confirmed');
    expect((await memberRow(me.id)).credits).toBe(bundle.credits);
  });

  it('repeats an order', async () => {
    const { cookie, id, bundle } = await customer();
    await t.db.update(members).set({ status: 'not_confirmed' }).where(eq(members.id, id));
    const res = await repeatOrder(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(CreateOrderResponseSchema.parse(res.json()).order).toMatchObject({ bundle_id: bundle.id, method: 'ideal' });
  });
});

describe('POST /api/payment-webhook.php', () => {
  it('answers 200 for unknown payments, as form or JSON, without the request-type header', async () => {
    expect((await webhook('id=tr_unknown')).statusCode).toBe(200);
    expect((await webhook({ id: 'tr_unknown' })).statusCode).toBe(200);
    expect((await webhook({})).statusCode).toBe(400);
  });

  it('trusts the provider, not the call: a webhook for an open payment changes nothing', async () => {
    const me = await buyer();
    const bundle = await bundleOf('p0');
    const { order } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
    expect((await webhook(`id=${await paymentIdOf(order.id)}`)).statusCode).toBe(200);
    expect((await orderOf(me.cookie, order.id)).status).toBe('pending');
  });

  it('completes an order once when the same webhook arrives 50 times at once, mixed with other orders', async () => {
    const bundle = await bundleOf('p1');
    const buyers = await Promise.all([buyer(), buyer(), buyer()]);
    const placed = [];
    for (const b of buyers) placed.push((await ordered(b.cookie, { bundle_id: bundle.id, method: 'ideal' })).order);
    const paymentIds = await Promise.all(placed.map((o) => paymentIdOf(o.id)));
    // Paid at the provider (as the payer's choice on its page would), failed for the last one.
    await t.db.update(demoPayments).set({ status: 'paid' }).where(eq(demoPayments.id, paymentIds[0]!));
    await t.db.update(demoPayments).set({ status: 'paid' }).where(eq(demoPayments.id, paymentIds[1]!));
    await t.db.update(demoPayments).set({ status: 'failed' }).where(eq(demoPayments.id, paymentIds[2]!));

    const deliveries = [
      ...Array.from({ length: 50 }, () => paymentIds[0]!),
      ...Array.from({ length: 10 }, () => paymentIds[1]!),
      ...Array.from({ length: 10 }, () => paymentIds[2]!),
    ];
    // Out of order: a fixed shuffle, so a failure can be replayed.
    let seed = 7;
    const shuffled = deliveries
      .map((id) => ({ id, key: (seed = (seed * 16807) % 2147483647) }))
      .sort((a, b) => a.key - b.key)
      .map((d) => d.id);
    const answers = await Promise.all(shuffled.map((id, i) => (i % 2 === 0 ? webhook(`id=${id}`) : webhook({ id }))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(deliveries.length).fill(200));

    for (const [i, b] of buyers.slice(0, 2).entries()) {
      expect(await memberRow(b.id)).toMatchObject({ credits: bundle.credits, paidUser: true });
      const ledger = await ledgerOf(t.db, b.id);
      expect(ledger).toEqual([expect.objectContaining({ reason: 'purchase', orderId: placed[i]!.id })]);
      expect((await orderOf(b.cookie, placed[i]!.id)).status).toBe('completed');
    }
    expect(await memberRow(buyers[2]!.id)).toMatchObject({ credits: 0, paidUser: false });
    expect((await orderOf(buyers[2]!.cookie, placed[2]!.id)).status).toBe('failed');
    const announced = (id: number) => published.filter((e) => (e as { member_id?: number }).member_id === id);
    await vi.waitFor(() => {
      expect(announced(buyers[0]!.id)).toHaveLength(1);
      expect(announced(buyers[1]!.id)).toHaveLength(1);
    });
    expect(announced(buyers[0]!.id)).toEqual([{ type: 'credits', member_id: buyers[0]!.id, credits: bundle.credits }]);
  });
});

describe('GET /api/order.php', () => {
  it("answers only the member's own orders", async () => {
    const me = await buyer();
    const other = await buyer();
    const bundle = await bundleOf('p0');
    const { order } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order.php?id=${order.id}`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(404);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/order.php?id=${order.id}` });
    expect(visitor.statusCode).toBe(403);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/order.php?id=${order.id}`,
      headers: { cookie: me.cookie },
    });
    expect(mine.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/transactions.php', () => {
  it("lists the member's orders and credit movements, newest first", async () => {
    const me = await customer();
    const bundle = await bundleOf('p0');
    const { order: second } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions.php', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const body = TransactionsResponseSchema.parse(res.json());
    expect(body.orders.map((o) => [o.id, o.status])).toEqual([
      [second.id, 'pending'],
      [me.first.id, 'completed'],
    ]);
    expect(body.movements).toEqual([
      expect.objectContaining({
        delta: me.bundle.credits,
        reason: 'purchase',
        order_id: me.first.id,
        balance_after: me.bundle.credits,
      }),
    ]);
    const other = await buyer();
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/transactions.php',
      headers: { cookie: other.cookie },
    });
    expect(theirs.json()).toEqual({ orders: [], movements: [] });
  });
});

describe('POST /api/repeat-order.php', () => {
  it('answers no_previous_order without a completed order, and requires the terms', async () => {
    const me = await buyer();
    const none = await repeatOrder(me.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('no_previous_order');
    const paid = await customer();
    const terms = await repeatOrder(paid.cookie, { terms: false });
    expect(terms.statusCode).toBe(400);
    expect(Object.keys(terms.json().fields)).toEqual(['terms']);
  });

  it("sends a method without a mandate (iDEAL) through checkout again, for the same bundle at today's price", async () => {
    const me = await customer('ideal');
    const res = await repeatOrder(me.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { order, checkout_url } = CreateOrderResponseSchema.parse(res.json());
    expect(checkout_url).toMatch(/\/demo-checkout\//);
    expect(order).toMatchObject({
      status: 'pending',
      bundle_id: me.bundle.id,
      method: 'ideal',
      amount: me.first.amount,
    });
    await choose(checkout_url!, 'paid');
    expect((await memberRow(me.id)).credits).toBe(me.bundle.credits * 2);
  });

  it('charges a stored card mandate at once: completed, no checkout, the credits added', async () => {
    const me = await customer('creditcard');
    const res = await repeatOrder(me.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { order, checkout_url } = CreateOrderResponseSchema.parse(res.json());
    expect(checkout_url).toBeNull();
    expect(order).toMatchObject({ status: 'completed', method: 'creditcard', bundle_id: me.bundle.id, failure: null });
    expect((await memberRow(me.id)).credits).toBe(me.bundle.credits * 2);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ repeat: true });
    expect(row!.providerMandateId).toMatch(/^mdt_demo_/);
    // The new order keeps the mandate, so the next repeat order is charged too.
    const third = CreateOrderResponseSchema.parse((await repeatOrder(me.cookie)).json());
    expect(third.order.status).toBe('completed');
    expect(await ledgerOf(t.db, me.id)).toHaveLength(3);
  });

  it('fails with recurring_declined when the card declines, adding nothing', async () => {
    const me = await customer('creditcard', '&decline_future=1');
    const res = await repeatOrder(me.cookie);
    const { order, checkout_url } = CreateOrderResponseSchema.parse(res.json());
    expect(checkout_url).toBeNull();
    expect(order).toMatchObject({ status: 'failed', failure: 'recurring_declined' });
    expect((await memberRow(me.id)).credits).toBe(me.bundle.credits);
  });

  it("charges today's price", async () => {
    const me = await customer('paypal');
    await t.db
      .update(bundlePrices)
      .set({ amount: 2500 })
      .where(and(eq(bundlePrices.bundleId, me.bundle.id), eq(bundlePrices.currency, 'EUR')));
    try {
      const { order } = CreateOrderResponseSchema.parse((await repeatOrder(me.cookie)).json());
      expect(order).toMatchObject({ status: 'completed', amount: 2500, list_amount: 2500, method: 'paypal' });
    } finally {
      await t.db
        .update(bundlePrices)
        .set({ amount: me.first.list_amount })
        .where(and(eq(bundlePrices.bundleId, me.bundle.id), eq(bundlePrices.currency, 'EUR')));
    }
  });
});

describe('the payment provider', () => {
  it('is Mollie when MOLLIE_API_KEY is set: the demo checkout is not served then', async () => {
    const mollie = await buildTestApp({ mollieApiKey: 'test_abcdefghijklmnopqrstuvwxyz' }, { db: t.db, bus });
    try {
      const me = await buyer();
      const bundle = await bundleOf('p0');
      const { checkout_url } = await ordered(me.cookie, { bundle_id: bundle.id, method: 'ideal' });
      expect((await t.app.inject({ method: 'GET', url: pathOf(checkout_url!) })).statusCode).toBe(200);
      const page = await mollie.app.inject({ method: 'GET', url: pathOf(checkout_url!) });
      expect(page.statusCode).toBe(404);
      // A webhook naming a demo payment is not Mollie's: nothing happens to the order.
      expect(
        (await mollie.app.inject({ method: 'POST', url: '/api/payment-webhook.php', payload: { id: 'tr_x' } }))
          .statusCode,
      ).toBe(200);
    } finally {
      await mollie.close();
    }
  });
});
