import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateOrderResponseSchema, TIME_BONUS_CODE } from '@app/shared';
import { buildMember } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import {
  creditBundles,
  creditLedger,
  demoPayments,
  discountCodeUses,
  discountCodes,
  members,
  orders,
} from '../../db/schema/index.js';
import { CHECKOUT_MINUTES } from '../../platform/payments/types.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';
import { eraseExpiredAccounts } from '../accounts/account-erase.job.js';

/**
 * A code's use is claimed by the order that places it: these tests place orders at the same
 * moment, then pay, fail, cancel and abandon them, and count what the code gave.
 */

/** The app's clock (the demo checkout's too): tests move it forward only. */
const clock = { now: new Date('2026-05-04T10:00:00Z') };
const MINUTE = 60_000;

let t: TestApp;
let bundleId: number;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock.now });
  const [bundle] = await t.db.select().from(creditBundles).where(eq(creditBundles.active, true)).limit(1);
  bundleId = bundle!.id;
});
afterAll(async () => t?.close());

/** A confirmed, non-paid member in the Netherlands who signed up just now, logged in. */
async function buyer() {
  const { member } = await buildMember(t.db, { member: { credits: 0, signupDate: clock.now } });
  return { id: member.id, cookie: await loginCookie(t.db, member.id) };
}

let codes = 0;
/** An operator's code with a unique name. */
async function buildCode(overrides: Partial<typeof discountCodes.$inferInsert> = {}) {
  codes += 1;
  const [row] = await t.db
    .insert(discountCodes)
    .values({ code: `CLAIM${codes}X`, percentage: 20, source: 'operator', validity: 'once_per_user', ...overrides })
    .returning();
  return row!;
}

function placeOrder(cookie: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/order.php',
    headers: { ...XHR, cookie },
    payload: { bundle_id: bundleId, method: 'ideal', terms: true, code },
  });
}

async function ordered(cookie: string, code: string) {
  const res = await placeOrder(cookie, code);
  expect(res.statusCode, res.body).toBe(200);
  return CreateOrderResponseSchema.parse(res.json());
}

/** The payer's choice on the demo checkout page. */
function choose(checkoutUrl: string, outcome: 'paid' | 'failed' | 'canceled' | 'open') {
  return t.app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
}

function webhook(paymentId: string) {
  return t.app.inject({ method: 'POST', url: '/api/payment-webhook.php', payload: { id: paymentId } });
}

/** Moves the clock on and runs the jobs due then, as the job timer would. */
async function later(minutes: number) {
  clock.now = new Date(clock.now.getTime() + minutes * MINUTE);
  await t.app.jobs.runDue(clock.now);
}

/** Ten checkouts at the same moment: answers their status codes, sorted, and the orders made. */
async function tenAtOnce(cookies: string[], code: string) {
  const answers = await Promise.all(cookies.map((cookie) => placeOrder(cookie, code)));
  for (const answer of answers.filter((a) => a.statusCode !== 200)) {
    expect(answer.json()).toEqual({ error: 'code_used', message: 'Code reeds gebruikt' });
  }
  return {
    statuses: answers.map((a) => a.statusCode).sort(),
    placed: answers.filter((a) => a.statusCode === 200).map((a) => CreateOrderResponseSchema.parse(a.json())),
  };
}

const ONE_PLACED = [200, ...Array<number>(9).fill(409)];

function ordersWith(codeId: number) {
  return t.db.select().from(orders).where(eq(orders.discountCodeId, codeId)).orderBy(asc(orders.id));
}

function usesOf(codeId: number) {
  return t.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, codeId));
}

async function completedWith(codeId: number) {
  return (await ordersWith(codeId)).filter((o) => o.status === 'completed').length;
}

describe('ten checkouts at the same moment with a single-use code', () => {
  it('once_per_user, one member: one order is placed with it, and paying every checkout completes one', async () => {
    const me = await buyer();
    const code = await buildCode({ validity: 'once_per_user' });
    const { statuses, placed } = await tenAtOnce(Array<string>(10).fill(me.cookie), code.code);
    expect(statuses).toEqual(ONE_PLACED);
    expect(await ordersWith(code.id)).toHaveLength(1);
    for (const { checkout_url } of placed) await choose(checkout_url!, 'paid');
    expect(await completedWith(code.id)).toBe(1);
    expect(await usesOf(code.id)).toEqual([expect.objectContaining({ memberId: me.id, usedAt: clock.now })]);
  });

  it('once, ten members: one order is placed with it', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    const code = await buildCode({ validity: 'once' });
    const { statuses, placed } = await tenAtOnce(
      buyers.map((b) => b.cookie),
      code.code,
    );
    expect(statuses).toEqual(ONE_PLACED);
    for (const { checkout_url } of placed) await choose(checkout_url!, 'paid');
    expect(await completedWith(code.id)).toBe(1);
  });

  it(`${TIME_BONUS_CODE}, one member: one order is placed with it`, async () => {
    const me = await buyer();
    const { statuses } = await tenAtOnce(Array<string>(10).fill(me.cookie), TIME_BONUS_CODE);
    expect(statuses).toEqual(ONE_PLACED);
    const mine = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.memberId, me.id), eq(orders.discountCode, TIME_BONUS_CODE)));
    expect(mine).toHaveLength(1);
  });

  it("the member's retention code: one order is placed with it", async () => {
    const me = await buyer();
    const code = await buildCode({
      memberId: me.id,
      source: 'retention',
      validity: 'once',
      percentage: 50,
      expiresAt: new Date(clock.now.getTime() + 30 * 24 * 60 * MINUTE),
    });
    const { statuses } = await tenAtOnce(Array<string>(10).fill(me.cookie), code.code);
    expect(statuses).toEqual(ONE_PLACED);
    expect(await ordersWith(code.id)).toHaveLength(1);
  });

  it('an unlimited code goes to every order', async () => {
    const me = await buyer();
    const code = await buildCode({ validity: 'unlimited' });
    const { statuses } = await tenAtOnce(Array<string>(10).fill(me.cookie), code.code);
    expect(statuses).toEqual(Array<number>(10).fill(200));
  });
});

describe("a pending order's claim", () => {
  it('is refused to a second checkout while pending, given back by a failed or cancelled payment, kept when paid', async () => {
    const me = await buyer();
    const code = await buildCode({ validity: 'once_per_user' });
    const first = await ordered(me.cookie, code.code);
    expect((await placeOrder(me.cookie, code.code)).statusCode).toBe(409);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/discountcode.php?code=${code.code}`,
      headers: { cookie: me.cookie },
    });
    expect(check.json()).toMatchObject({ error: 'code_used' });

    await choose(first.checkout_url!, 'failed');
    expect(await usesOf(code.id)).toEqual([]);
    const second = await ordered(me.cookie, code.code);
    await choose(second.checkout_url!, 'canceled');
    const third = await ordered(me.cookie, code.code);
    await choose(third.checkout_url!, 'paid');
    const refused = await placeOrder(me.cookie, code.code);
    expect(refused.statusCode).toBe(409);
    expect((await ordersWith(code.id)).map((o) => o.status)).toEqual(['failed', 'cancelled', 'completed']);
    expect(await usesOf(code.id)).toEqual([expect.objectContaining({ orderId: third.order.id })]);
  });

  it('is given back when the checkout is abandoned: the payment expires after its life and the job fails the order', async () => {
    const me = await buyer();
    const code = await buildCode({ validity: 'once' });
    const abandoned = await ordered(me.cookie, code.code);
    await choose(abandoned.checkout_url!, 'open');

    await later(CHECKOUT_MINUTES - 1);
    const [stillPending] = await ordersWith(code.id);
    expect(stillPending!.status).toBe('pending');
    expect((await placeOrder((await buyer()).cookie, code.code)).statusCode).toBe(409);

    await later(16);
    const [expired] = await ordersWith(code.id);
    expect(expired).toMatchObject({ status: 'failed', completedAt: null });
    const [payment] = await t.db.select().from(demoPayments).where(eq(demoPayments.id, expired!.providerPaymentId!));
    expect(payment!.status).toBe('expired');
    expect(await usesOf(code.id)).toEqual([]);

    // The expired payment can no longer be paid: the order gives no credits, however late.
    await choose(abandoned.checkout_url!, 'paid');
    await webhook(expired!.providerPaymentId!);
    expect((await ordersWith(code.id))[0]!.status).toBe('failed');
    const [row] = await t.db.select().from(members).where(eq(members.id, me.id));
    expect(row!.credits).toBe(0);

    const other = await buyer();
    const next = await ordered(other.cookie, code.code);
    await choose(next.checkout_url!, 'paid');
    expect(await completedWith(code.id)).toBe(1);
  });

  it('stays with an order paid just before its checkout would have expired', async () => {
    const me = await buyer();
    const code = await buildCode({ validity: 'once' });
    const { checkout_url } = await ordered(me.cookie, code.code);
    clock.now = new Date(clock.now.getTime() + (CHECKOUT_MINUTES - 1) * MINUTE);
    await choose(checkout_url!, 'paid');
    await later(30);
    expect(await completedWith(code.id)).toBe(1);
    expect(await usesOf(code.id)).toEqual([expect.objectContaining({ usedAt: expect.any(Date) })]);
  });
});

describe('webhooks and checkouts at the same moment', () => {
  it('credit a paid order once and never give the code more uses than it allows', async () => {
    const holder = await buyer();
    const others = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    const code = await buildCode({ validity: 'once' });
    const { order } = await ordered(holder.cookie, code.code);
    const [placed] = await ordersWith(code.id);
    await t.db.update(demoPayments).set({ status: 'paid' }).where(eq(demoPayments.id, placed!.providerPaymentId!));

    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => webhook(placed!.providerPaymentId!)),
      ...others.map((o) => placeOrder(o.cookie, code.code)),
    ]);
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array<number>(20).fill(200));
    expect(answers.slice(20).map((a) => a.statusCode)).toEqual(Array<number>(10).fill(409));
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.orderId, order.id));
    expect(ledger).toHaveLength(1);
    expect(await completedWith(code.id)).toBe(1);
    expect(await usesOf(code.id)).toHaveLength(1);
  });

  it('hand a code given back by a failed payment to at most one of the checkouts racing for it', async () => {
    const holder = await buyer();
    const others = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    const code = await buildCode({ validity: 'once' });
    await ordered(holder.cookie, code.code);
    const [placed] = await ordersWith(code.id);
    await t.db.update(demoPayments).set({ status: 'failed' }).where(eq(demoPayments.id, placed!.providerPaymentId!));

    const answers = await Promise.all([
      webhook(placed!.providerPaymentId!),
      ...others.map((o) => placeOrder(o.cookie, code.code)),
    ]);
    const placedNow = answers.slice(1).filter((a) => a.statusCode === 200);
    expect(placedNow.length).toBeLessThanOrEqual(1);
    const live = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.discountCodeId, code.id), eq(orders.status, 'pending')));
    expect(live).toHaveLength(placedNow.length);
    expect((await usesOf(code.id)).map((u) => u.orderId)).toEqual(live.map((o) => o.id));
    // Once the webhook has given it back, the next checkout gets it if no racer did.
    if (placedNow.length === 0) await ordered(others[0]!.cookie, code.code);
    expect(await usesOf(code.id)).toEqual([expect.objectContaining({ usedAt: null })]);
  });
});

describe('an erased account', () => {
  it('keeps the codes it used up used, and gives back what it only held', async () => {
    const gone = await buyer();
    const paidCode = await buildCode({ validity: 'once' });
    const heldCode = await buildCode({ validity: 'once' });
    await choose((await ordered(gone.cookie, paidCode.code)).checkout_url!, 'paid');
    await ordered(gone.cookie, heldCode.code);
    await t.db
      .update(members)
      .set({ deletedAt: new Date(clock.now.getTime() - 15 * 24 * 60 * MINUTE) })
      .where(eq(members.id, gone.id));
    const erased = await eraseExpiredAccounts({
      db: t.db,
      storage: createLocalDiskStorage(mkdtempSync(join(tmpdir(), 'claims-media-'))),
      now: clock.now,
      log: t.app.log,
    });
    expect(erased.members).toBe(1);

    expect(await usesOf(paidCode.id)).toEqual([expect.objectContaining({ memberId: null, orderId: null })]);
    expect(await usesOf(heldCode.id)).toEqual([]);
    const next = await buyer();
    expect((await placeOrder(next.cookie, paidCode.code)).statusCode).toBe(409);
    expect((await placeOrder(next.cookie, heldCode.code)).statusCode).toBe(200);
  });
});
