import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOLD_CURRENCIES, TERMS_VERSION_MIN, discountedAmount } from '@app/shared';
import { buildMember, setCredits } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { auditLog, creditBundles, creditLedger, demoPayments, members, orders } from '../../db/schema/index.js';
import { CREDITS_CHANNEL } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';

let t: TestApp;
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
const published: Array<{ member_id: number; credits: number }> = [];
let admin: string;
let support: string;

beforeAll(async () => {
  await bus.subscribe(CREDITS_CHANNEL, (event) => void published.push(event as (typeof published)[number]));
  // Many staff logins from one address: the login rate limit would stop them, not what is tested here.
  t = await buildTestApp({ rateLimitScale: 100 }, { bus });
  admin = (await staffSession(t, 'admin')).cookie;
  support = (await staffSession(t, 'support')).cookie;
});
afterAll(async () => {
  await t?.close();
  await bus.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  staffCall(t, cookie, method, url, payload);

async function seededBundle(tier: 'p0' | 'p1' | 'p2' | 'p3') {
  const [row] = await t.db
    .select()
    .from(creditBundles)
    .where(and(eq(creditBundles.tier, tier), eq(creditBundles.active, true)))
    .orderBy(asc(creditBundles.id))
    .limit(1);
  return row!;
}

/** A member who ordered a bundle (with `code` when given) through /api/order.php and paid on the demo checkout. */
async function paidOrder(code?: string) {
  const { member } = await buildMember(t.db, { member: { credits: 0 } });
  const cookie = await loginCookie(t.db, member.id);
  const bundle = await seededBundle('p1');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order.php',
    headers: { ...XHR, cookie },
    payload: { bundle_id: bundle.id, method: 'ideal', terms: true, ...(code ? { code } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { order, checkout_url } = res.json();
  const paid = await t.app.inject({
    method: 'POST',
    url: new URL(checkout_url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  expect(paid.statusCode).toBe(303);
  return { memberId: member.id, cookie, orderId: order.id as number, bundle };
}

/** A completed order put in directly: a provider, and a demo payment in `paymentStatus` when demo. */
async function storedOrder(provider: 'demo' | 'directdebit', paymentStatus: 'open' | 'paid' | null = 'paid') {
  const { member } = await buildMember(t.db, { member: { credits: 300, paidUser: true } });
  const bundle = await seededBundle('p1');
  const paymentId = `tr_demo_${randomBytes(6).toString('hex')}`;
  if (provider === 'demo' && paymentStatus) {
    await t.db.insert(demoPayments).values({
      id: paymentId,
      amount: 2999,
      currency: 'EUR',
      method: 'ideal',
      description: 'test',
      status: paymentStatus,
      returnUrl: 'http://localhost/',
      webhookUrl: 'http://localhost/api/payment-webhook.php',
    });
  }
  const [order] = await t.db
    .insert(orders)
    .values({
      memberId: member.id,
      bundleId: bundle.id,
      credits: 300,
      method: provider === 'directdebit' ? 'sdd' : 'ideal',
      currency: 'EUR',
      amount: 2999,
      listAmount: 2999,
      status: 'completed',
      provider,
      providerPaymentId: provider === 'demo' ? paymentId : null,
      termsVersion: new Date(TERMS_VERSION_MIN),
      termsAcceptedAt: new Date(),
      completedAt: new Date(),
    })
    .returning();
  return { memberId: member.id, order: order! };
}

function refund(cookie: string, orderId: number, reason = 'Klant ontevreden') {
  return call(cookie, 'POST', '/api/admin/order-refund.php', { order_id: orderId, reason });
}

async function auditOf(action: string, targetId: string | number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    .orderBy(desc(auditLog.id));
}

/** The member's ledger after the opening balance the factory gave them. */
const ledgerOf = (memberId: number) =>
  t.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.memberId, memberId), ne(creditLedger.reason, 'seed')))
    .orderBy(asc(creditLedger.id));

describe('orders', () => {
  it('lists orders newest first with the member, filtered; shows the live provider status', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const list = (await call(support, 'GET', '/api/admin/orders.php?status=completed&provider=demo')).json();
    const ids = list.orders.map((o: { id: number }) => o.id);
    expect(ids.indexOf(second.orderId)).toBeLessThan(ids.indexOf(first.orderId));
    expect(list.orders.find((o: { id: number }) => o.id === first.orderId)).toMatchObject({
      member_id: first.memberId,
      member_email: expect.stringContaining('@example.test'),
      member_name: expect.any(String),
      credits: first.bundle.credits,
      currency: 'EUR',
      method: 'ideal',
      provider: 'demo',
      provider_payment_id: expect.stringMatching(/^tr_demo_/),
      status: 'completed',
      completed_at: expect.any(String),
      refunded_at: null,
    });
    const mine = (await call(support, 'GET', `/api/admin/orders.php?member_id=${first.memberId}`)).json();
    expect(mine.orders.map((o: { id: number }) => o.id)).toEqual([first.orderId]);
    expect(
      (await call(support, 'GET', `/api/admin/orders.php?member_id=${first.memberId}&status=pending`)).json().orders,
    ).toEqual([]);
    const paged = (await call(support, 'GET', `/api/admin/orders.php?before=${second.orderId}`)).json();
    expect(paged.orders.every((o: { id: number }) => o.id < second.orderId)).toBe(true);

    const detail = (await call(support, 'GET', `/api/admin/order.php?id=${first.orderId}`)).json().order;
    expect(detail).toMatchObject({
      provider_status: { status: 'paid', message: null },
      refundable: true,
      credits_taken_back: null,
    });
    expect((await call(support, 'GET', '/api/admin/order.php?id=999999999')).statusCode).toBe(404);
  });

  it("answers an unknown provider status with the provider's message, never a 500", async () => {
    const { order } = await storedOrder('demo', null);
    const res = await call(admin, 'GET', `/api/admin/order.php?id=${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.provider_status).toEqual({
      status: 'unknown',
      message: expect.stringContaining('unknown demo payment'),
    });
  });

  it('keeps orders from moderators', async () => {
    const { cookie } = await staffSession(t, 'moderator');
    const res = await call(cookie, 'GET', '/api/admin/orders.php');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('permission_denied');
    expect((await refund(cookie, 1)).statusCode).toBe(403);
  });
});

describe('refunds', () => {
  it('refunds a completed demo order once: credits back through the ledger, audited, member stays premium', async () => {
    const { memberId, orderId, bundle } = await paidOrder();
    published.length = 0;
    const res = await refund(support, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ credits_taken_back: bundle.credits, balance: 0 });
    expect(res.json().order).toMatchObject({
      refunded_at: expect.any(String),
      refund_id: expect.stringMatching(/^re_demo_/),
      credits_taken_back: bundle.credits,
      refundable: false,
      status: 'completed',
    });
    expect((await ledgerOf(memberId)).map((l) => [l.reason, l.delta, l.balanceAfter, l.orderId])).toEqual([
      ['purchase', bundle.credits, bundle.credits, orderId],
      ['refund', -bundle.credits, 0, orderId],
    ]);
    const [member] = await t.db.select().from(members).where(eq(members.id, memberId));
    expect(member).toMatchObject({ credits: 0, paidUser: true });
    await vi.waitFor(() => expect(published).toContainEqual({ type: 'credits', member_id: memberId, credits: 0 }));
    const [entry] = await auditOf('order.refund', orderId);
    expect(entry!.details).toMatchObject({
      amount: expect.any(Number),
      currency: 'EUR',
      credits_taken_back: bundle.credits,
      reason: 'Klant ontevreden',
    });

    const again = await refund(support, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'order_already_refunded',
      message: 'Deze bestelling is al terugbetaald.',
    });
    expect(
      (await call(support, 'GET', `/api/admin/orders.php?status=refunded&member_id=${memberId}`)).json().orders,
    ).toHaveLength(1);
  });

  it('refunds once when clicked twice at the same moment', async () => {
    const { memberId, orderId } = await paidOrder();
    const answers = await Promise.all([refund(admin, orderId), refund(admin, orderId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await ledgerOf(memberId)).filter((l) => l.reason === 'refund')).toHaveLength(1);
  });

  it('takes back only what is left of the credits, never below zero', async () => {
    const { memberId, orderId, bundle } = await paidOrder();
    await setCredits(t.db, memberId, 12);
    const res = await refund(support, orderId);
    expect(res.json()).toMatchObject({ credits_taken_back: 12, balance: 0 });
    expect(bundle.credits).toBeGreaterThan(12);
    const last = (await ledgerOf(memberId)).at(-1)!;
    expect([last.reason, last.delta, last.balanceAfter]).toEqual(['refund', -12, 0]);
  });

  it('leaves the order unrefunded when the provider refuses, and it can be tried again', async () => {
    const { memberId, order } = await storedOrder('demo', 'open');
    const res = await refund(support, order.id);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('refund_failed');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ refundedAt: null, refundId: null });
    expect(await ledgerOf(memberId)).toEqual([]);
    expect(await auditOf('order.refund_failed', order.id)).toHaveLength(1);

    await t.db.update(demoPayments).set({ status: 'paid' }).where(eq(demoPayments.id, order.providerPaymentId!));
    expect((await refund(support, order.id)).json()).toMatchObject({ credits_taken_back: 300, balance: 0 });
  });

  it('refuses direct-debit and unfinished orders with a clear error', async () => {
    const { order } = await storedOrder('directdebit', null);
    const dd = await refund(admin, order.id);
    expect(dd.statusCode).toBe(400);
    expect(dd.json()).toMatchObject({
      error: 'refund_directdebit',
      message: expect.stringContaining('automatische incasso'),
    });
    expect((await call(admin, 'GET', `/api/admin/order.php?id=${order.id}`)).json().order).toMatchObject({
      provider_status: null,
      refundable: false,
    });

    const pending = await storedOrder('demo', 'open');
    await t.db.update(orders).set({ status: 'pending', completedAt: null }).where(eq(orders.id, pending.order.id));
    const res = await refund(admin, pending.order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('order_not_completed');
    expect((await refund(admin, 999999999)).statusCode).toBe(404);
  });
});

const prices = (amount: number) => Object.fromEntries(SOLD_CURRENCIES.map((c) => [c, amount]));

describe('credit bundles', () => {
  it('keeps bundle edits to admins', async () => {
    expect((await call(support, 'GET', '/api/admin/bundles.php')).statusCode).toBe(403);
    const res = await call(support, 'POST', '/api/admin/bundle.php', {
      tier: 'p0',
      credits: 10,
      popular: false,
      position: 9,
      active: false,
      prices: prices(100),
    });
    expect(res.json().error).toBe('permission_denied');
  });

  it('validates, creates and changes bundles; one popular at most; audited with what changed', async () => {
    const invalid = await call(admin, 'POST', '/api/admin/bundle.php', {
      tier: 'p9',
      credits: 0,
      popular: false,
      position: 9,
      active: true,
      prices: { ...prices(100), EUR: -1, XXX: 5 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields).sort()).toEqual(['credits', 'prices.EUR', 'prices.XXX', 'tier']);
    const unpriced = await call(admin, 'POST', '/api/admin/bundle.php', {
      tier: 'p0',
      credits: 10,
      popular: false,
      position: 9,
      active: true,
      prices: { ...prices(100), CHF: undefined },
    });
    expect(unpriced.json().fields).toEqual({ 'prices.CHF': expect.any(String) });

    const created = await call(admin, 'POST', '/api/admin/bundle.php', {
      tier: 'p3',
      credits: 5000,
      popular: true,
      position: 9,
      active: true,
      prices: prices(49900),
    });
    expect(created.statusCode, created.body).toBe(200);
    const bundle = created.json().bundle;
    expect(bundle).toMatchObject({ tier: 'p3', credits: 5000, popular: true, prices: prices(49900) });
    const { bundles, currencies } = (await call(admin, 'GET', '/api/admin/bundles.php')).json();
    expect(currencies).toEqual(SOLD_CURRENCIES);
    expect(bundles.filter((b: { popular: boolean }) => b.popular).map((b: { id: number }) => b.id)).toEqual([
      bundle.id,
    ]);
    expect(await auditOf('bundle.create', bundle.id)).toHaveLength(1);

    const updated = await call(admin, 'PUT', '/api/admin/bundle.php', {
      id: bundle.id,
      tier: 'p3',
      credits: 5000,
      popular: false,
      position: 9,
      active: false,
      prices: { ...prices(49900), EUR: 45900 },
    });
    expect(updated.json().bundle).toMatchObject({ active: false, prices: { EUR: 45900 } });
    const [entry] = await auditOf('bundle.update', bundle.id);
    expect(entry!.details).toEqual({
      changed: {
        popular: { from: true, to: false },
        active: { from: true, to: false },
        prices: { from: prices(49900), to: { ...prices(49900), EUR: 45900 } },
      },
    });
    // Withdrawn: not on sale any more.
    const shop = (await t.app.inject({ method: 'GET', url: '/api/bundles.php' })).json();
    expect(shop.bundles.some((b: { id: number }) => b.id === bundle.id)).toBe(false);
    expect(
      (await call(admin, 'PUT', '/api/admin/bundle.php', { ...updated.json().bundle, id: 999999 })).statusCode,
    ).toBe(404);
  });
});

describe('gifts', () => {
  it('creates and changes gifts, validated and audited; members see them', async () => {
    const gift = {
      key: `tulip-${randomBytes(3).toString('hex')}`,
      name: 'Tulp',
      image: '/gifts/tulip.svg',
      credits: null,
      position: 50,
      active: true,
    };
    const created = await call(admin, 'POST', '/api/admin/gift.php', gift);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().gift).toMatchObject(gift);
    const taken = await call(admin, 'POST', '/api/admin/gift.php', gift);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ key: 'Er bestaat al een cadeau met deze sleutel.' });
    const invalid = await call(admin, 'PUT', '/api/admin/gift.php', {
      ...gift,
      image: 'javascript:alert(1)',
      credits: -1,
    });
    expect(Object.keys(invalid.json().fields).sort()).toEqual(['credits', 'image']);

    const updated = await call(admin, 'PUT', '/api/admin/gift.php', {
      ...gift,
      credits: 35,
      image: 'https://cdn.example.test/tulip.png',
    });
    expect(updated.json().gift).toMatchObject({ credits: 35, image: 'https://cdn.example.test/tulip.png' });
    const [entry] = await auditOf('gift.update', gift.key);
    expect(entry!.details).toEqual({
      changed: {
        image: { from: '/gifts/tulip.svg', to: 'https://cdn.example.test/tulip.png' },
        credits: { from: null, to: 35 },
      },
    });
    expect((await call(admin, 'PUT', '/api/admin/gift.php', { ...gift, key: 'no-such-gift' })).statusCode).toBe(404);

    const { member } = await buildMember(t.db);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/gifts.php',
      headers: { cookie: await loginCookie(t.db, member.id) },
    });
    expect(list.json().gifts).toContainEqual({
      key: gift.key,
      name: 'Tulp',
      image: 'https://cdn.example.test/tulip.png',
      credits: 35,
    });
  });
});

describe('discount codes', () => {
  it('creates a code that works in the order flow, counts its uses, and expires it', async () => {
    const code = `summer-${randomBytes(3).toString('hex')}`;
    const invalid = await call(admin, 'POST', '/api/admin/discount-code.php', {
      code: 'x',
      percentage: 101,
      country: 'XX',
    });
    expect(Object.keys(invalid.json().fields).sort()).toEqual(['code', 'country', 'percentage']);
    const past = await call(admin, 'POST', '/api/admin/discount-code.php', {
      code,
      percentage: 20,
      expires_at: '2001-01-01T00:00:00Z',
    });
    expect(past.json().fields).toHaveProperty('expires_at');

    const created = await call(admin, 'POST', '/api/admin/discount-code.php', {
      code,
      percentage: 20,
      currency: 'EUR',
      payment_methods: ['ideal'],
      validity: 'unlimited',
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().code;
    expect(row).toMatchObject({
      code: code.toUpperCase(),
      source: 'operator',
      status: 'active',
      uses: 0,
      last_used_at: null,
    });
    const taken = await call(admin, 'POST', '/api/admin/discount-code.php', {
      code: code.toUpperCase(),
      percentage: 10,
    });
    expect(taken.json()).toMatchObject({ error: 'validation_failed', fields: { code: 'Deze code bestaat al.' } });
    expect(await auditOf('discount_code.create', row.id)).toHaveLength(1);

    const { orderId, bundle } = await paidOrder(code);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ discountCodeId: row.id, discountPercentage: 20, status: 'completed' });
    expect(order!.amount).toBe(discountedAmount(order!.listAmount, 20));
    expect(bundle.id).toBe(order!.bundleId);
    // An order still pending holds its use, but it is not a use until paid.
    const { member: waiting } = await buildMember(t.db);
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/order.php',
      headers: { ...XHR, cookie: await loginCookie(t.db, waiting.id) },
      payload: { bundle_id: bundle.id, method: 'ideal', terms: true, code },
    });
    expect(pending.statusCode, pending.body).toBe(200);
    const listed = (await call(admin, 'GET', `/api/admin/discount-codes.php?q=${code.slice(0, 9)}`)).json().codes;
    expect(listed).toEqual([expect.objectContaining({ id: row.id, uses: 1, last_used_at: expect.any(String) })]);

    const expired = await call(admin, 'POST', '/api/admin/discount-code-expire.php', { id: row.id });
    expect(expired.json().code).toMatchObject({ status: 'inactive', expires_at: expect.any(String) });
    expect(await auditOf('discount_code.expire', row.id)).toHaveLength(1);
    const { member } = await buildMember(t.db);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/discountcode.php?code=${code}`,
      headers: { cookie: await loginCookie(t.db, member.id) },
    });
    expect(check.json().error).toBe('code_not_found');
  });
});

describe('company info', () => {
  it('changes the company, shown on the site at once, audited; refuses invalid values', async () => {
    const { companies } = (await call(admin, 'GET', '/api/admin/companies.php')).json();
    const company = companies[0];
    expect(company.domains.length).toBeGreaterThan(0);
    // Read once, so the reference module's cache holds the old row.
    await t.app.inject({ method: 'GET', url: '/api/companyinfo.php' });

    const { id, name, address, kvk, city, country, tradenames, vat_numbers, delete_discount } = company;
    const body = { id, name, address, kvk, city, country, tradenames, vat_numbers, delete_discount };
    const invalid = await call(admin, 'PUT', '/api/admin/company.php', {
      ...body,
      support_phone: 'call us',
      delete_discount: 101,
    });
    expect(Object.keys(invalid.json().fields).sort()).toEqual(['delete_discount', 'support_phone']);

    const saved = await call(admin, 'PUT', '/api/admin/company.php', {
      ...body,
      support_phone: '+31 20-123 4567',
      delete_discount: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().company).toMatchObject({ support_phone: '+31201234567', delete_discount: 30 });
    const live = (await t.app.inject({ method: 'GET', url: '/api/companyinfo.php' })).json().companyinfo;
    expect(live).toMatchObject({ support_phone: '+31201234567', delete_discount: 30 });
    const [entry] = await auditOf('company.update', id);
    expect(entry!.details).toMatchObject({ changed: { delete_discount: { from: delete_discount, to: 30 } } });
    expect((await call(support, 'PUT', '/api/admin/company.php', body)).statusCode).toBe(403);
  });
});
