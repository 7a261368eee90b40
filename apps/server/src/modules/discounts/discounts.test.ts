import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DiscountCodeResponseSchema,
  TIME_BONUS_CODE,
  TIME_BONUS_DURATION_SECONDS,
  TIME_BONUS_PERCENT,
  type PaymentMethod,
} from '@app/shared';
import { buildMember } from '../../../test/factories.js';
import { buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { creditBundles, discountCodeUses, discountCodes, orders } from '../../db/schema/index.js';
import { seedReference } from '../../db/seed/reference.js';
import { checkDiscountForOrder } from './discounts.service.js';

/** The app's clock: tests move it. */
const clock = { now: new Date('2026-05-04T10:00:00Z') };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock.now });
});
afterAll(async () => t?.close());

type MemberOverrides = Parameters<typeof buildMember>[1];

/** A member who signed up a day before the clock unless told otherwise. */
async function loggedIn(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, {
    ...overrides,
    member: { signupDate: new Date(clock.now.getTime() - 86_400_000), ...overrides.member },
  });
  return { ...built, id: built.member.id, cookie: await loginCookie(t.db, built.member.id) };
}

let codes = 0;
type NewCode = Partial<typeof discountCodes.$inferInsert>;

/** A code of the operator with a unique name, usable by anyone unless told otherwise. */
async function buildCode(overrides: NewCode = {}) {
  codes += 1;
  const [row] = await t.db
    .insert(discountCodes)
    .values({ code: `Summer${codes}x`, percentage: 10, source: 'operator', validity: 'unlimited', ...overrides })
    .returning();
  return row!;
}

/** A completed order of the member with the code, and its recorded use, as a completed order leaves them. */
async function recordUse(codeId: number, memberId: number) {
  const [bundle] = await t.db.select().from(creditBundles).limit(1);
  const [order] = await t.db
    .insert(orders)
    .values({
      memberId,
      bundleId: bundle!.id,
      credits: bundle!.credits,
      method: 'ideal',
      currency: 'EUR',
      amount: 900,
      listAmount: 1000,
      discountCodeId: codeId,
      status: 'completed',
      provider: 'demo',
      termsVersion: new Date('2023-12-01T12:00:00Z'),
      termsAcceptedAt: clock.now,
    })
    .returning();
  await t.db.insert(discountCodeUses).values({ codeId, memberId, orderId: order!.id });
}

const check = (cookie: string, query: string, locale = 'nl') =>
  t.app.inject({
    method: 'GET',
    url: `/api/discountcode.php?${query}`,
    headers: { cookie: `${cookie}; locale=${locale}` },
  });

async function expectFound(cookie: string, query: string) {
  const res = await check(cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return DiscountCodeResponseSchema.parse(res.json()).discount;
}

async function expectNotFound(cookie: string, query: string) {
  const res = await check(cookie, query);
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toEqual({ error: 'code_not_found', message: 'Code niet gevonden' });
}

async function expectUsed(cookie: string, query: string) {
  const res = await check(cookie, query);
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toEqual({ error: 'code_used', message: 'Code reeds gebruikt' });
}

describe('GET /api/discountcode.php', () => {
  it('answers a code in any case with the fields of spec section 3', async () => {
    const me = await loggedIn();
    const code = await buildCode({
      percentage: 15,
      country: 'NL',
      currency: 'EUR',
      minimumOrderValue: 2500,
      paymentMethods: ['ideal', 'sdd'],
      validity: 'once_per_user',
      expiresAt: new Date('2026-06-01T00:00:00Z'),
    });
    expect(await expectFound(me.cookie, `code=${code.code.toLowerCase()}`)).toEqual({
      code: code.code,
      country: 'NL',
      user_id: null,
      expires: '2026-06-01T00:00:00.000Z',
      value_percentage: 15,
      percentage: 15,
      currency: 'EUR',
      minimum_order_value: 2500,
      minimum: 2500,
      status: 'active',
      validity: 'once_per_user',
      expired: false,
      paymentmethods: ['ideal', 'sdd'],
    });
    expect((await expectFound(me.cookie, `code=%20${code.code.toUpperCase()}%20`)).code).toBe(code.code);
  });

  it("answers 404 'Code niet gevonden' for unknown, inactive and expired codes, in the member's language", async () => {
    const me = await loggedIn();
    await expectNotFound(me.cookie, 'code=NO-SUCH-CODE');
    await expectNotFound(me.cookie, `code=${(await buildCode({ status: 'inactive' })).code}`);
    await expectNotFound(me.cookie, `code=${(await buildCode({ expiresAt: clock.now })).code}`);
    const res = await check(me.cookie, 'code=NO-SUCH-CODE', 'en');
    expect(res.json()).toEqual({ error: 'code_not_found', message: 'Code not found' });
  });

  it("keeps personal codes to their member and country and currency codes to the member's country", async () => {
    const me = await loggedIn();
    const other = await loggedIn();
    const personal = await buildCode({ memberId: me.id, source: 'retention' });
    expect((await expectFound(me.cookie, `code=${personal.code}`)).user_id).toBe(me.id);
    await expectNotFound(other.cookie, `code=${personal.code}`);

    const belgian = await buildCode({ country: 'BE' });
    await expectNotFound(me.cookie, `code=${belgian.code}`);
    const fromBelgium = await loggedIn({ profile: { country: 'BE' } });
    await expectFound(fromBelgium.cookie, `code=${belgian.code}`);

    const swiss = await buildCode({ currency: 'CHF' });
    await expectNotFound(me.cookie, `code=${swiss.code}`);
    const fromSwitzerland = await loggedIn({ profile: { country: 'CH' } });
    await expectFound(fromSwitzerland.cookie, `code=${swiss.code}`);
  });

  it("answers 409 'Code reeds gebruikt' by the code's validity, counted from its recorded uses", async () => {
    const me = await loggedIn();
    const other = await loggedIn();

    const once = await buildCode({ validity: 'once' });
    await expectFound(me.cookie, `code=${once.code}`);
    await recordUse(once.id, other.id);
    await expectUsed(me.cookie, `code=${once.code}`);

    const perMember = await buildCode({ validity: 'once_per_user' });
    await recordUse(perMember.id, other.id);
    await expectFound(me.cookie, `code=${perMember.code}`);
    await recordUse(perMember.id, me.id);
    await expectUsed(me.cookie, `code=${perMember.code}`);

    const unlimited = await buildCode({ validity: 'unlimited' });
    await recordUse(unlimited.id, me.id);
    await recordUse(unlimited.id, me.id);
    await expectFound(me.cookie, `code=${unlimited.code}`);
  });

  it('refuses visitors and a query with neither or both of code and welcome', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/discountcode.php?code=X' });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toMatchObject({ error: 'authentication_required' });
    const me = await loggedIn();
    for (const query of ['', 'code=X&welcome=true', 'welcome=false']) {
      const res = await check(me.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
  });
});

describe('the time bonus', () => {
  it('is seeded once, whatever the number of starts', async () => {
    await seedReference(t.db);
    const rows = await t.db
      .select()
      .from(discountCodes)
      .where(sql`upper(${discountCodes.code}) = ${TIME_BONUS_CODE}`);
    expect(rows).toEqual([
      expect.objectContaining({
        code: TIME_BONUS_CODE,
        percentage: TIME_BONUS_PERCENT,
        validity: 'once_per_user',
        status: 'active',
        source: 'time_bonus',
        memberId: null,
      }),
    ]);
  });

  it('is the welcome discount of a non-paid member until TIME_BONUS_DURATION_SECONDS after signup, then 404', async () => {
    const signupDate = new Date(clock.now.getTime() - 60_000);
    const me = await loggedIn({ member: { signupDate } });
    const end = new Date(signupDate.getTime() + TIME_BONUS_DURATION_SECONDS * 1000);

    const welcome = await expectFound(me.cookie, 'welcome=true');
    expect(welcome).toMatchObject({
      code: TIME_BONUS_CODE,
      percentage: TIME_BONUS_PERCENT,
      value_percentage: TIME_BONUS_PERCENT,
      validity: 'once_per_user',
      status: 'active',
      user_id: null,
      expires: end.toISOString(),
      expired: false,
    });
    expect(await expectFound(me.cookie, 'code=timebonus25')).toEqual(welcome);

    const saved = clock.now;
    try {
      clock.now = new Date(end.getTime() - 1);
      await expectFound(me.cookie, 'welcome=true');
      clock.now = end;
      await expectNotFound(me.cookie, 'welcome=true');
      await expectNotFound(me.cookie, `code=${TIME_BONUS_CODE}`);
    } finally {
      clock.now = saved;
    }
  });

  it('is not for paid members, nor for members who signed up longer ago', async () => {
    const paid = await loggedIn({ member: { paidUser: true, signupDate: clock.now } });
    await expectNotFound(paid.cookie, 'welcome=true');
    await expectNotFound(paid.cookie, `code=${TIME_BONUS_CODE}`);
    const old = await loggedIn();
    await expectNotFound(old.cookie, 'welcome=true');
  });

  it('is used once per member', async () => {
    const me = await loggedIn({ member: { signupDate: clock.now } });
    const [bonus] = await t.db.select().from(discountCodes).where(eq(discountCodes.code, TIME_BONUS_CODE));
    await recordUse(bonus!.id, me.id);
    await expectUsed(me.cookie, 'welcome=true');
    await expectFound((await loggedIn({ member: { signupDate: clock.now } })).cookie, 'welcome=true');
  });
});

describe('checkDiscountForOrder', () => {
  const order = (memberId: number, code: string, amount: number, method: PaymentMethod = 'ideal') =>
    checkDiscountForOrder(t.db, { code, memberId, country: 'NL', currency: 'EUR', amount, method, now: clock.now });

  it('gives the code and its percentage when every rule holds', async () => {
    const me = await loggedIn();
    const code = await buildCode({ percentage: 30, minimumOrderValue: 2000, paymentMethods: ['ideal'] });
    expect(await order(me.id, code.code.toLowerCase(), 2000)).toEqual({ id: code.id, code: code.code, percentage: 30 });
  });

  it("refuses under the minimum order value and for a method the code excludes, on the field 'code'", async () => {
    const me = await loggedIn();
    const code = await buildCode({ minimumOrderValue: 2000, paymentMethods: ['ideal', 'sdd'] });
    await expect(order(me.id, code.code, 1999)).rejects.toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      fields: { code: 'code_minimum_order' },
    });
    await expect(order(me.id, code.code, 5000, 'paypal')).rejects.toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      fields: { code: 'code_method' },
    });
  });

  it('refuses as discountcode.php does: unknown, another country, used', async () => {
    const me = await loggedIn();
    await expect(order(me.id, 'NOPE', 1000)).rejects.toMatchObject({ statusCode: 404, code: 'code_not_found' });
    const german = await buildCode({ country: 'DE' });
    await expect(order(me.id, german.code, 1000)).rejects.toMatchObject({ statusCode: 404, code: 'code_not_found' });
    const once = await buildCode({ validity: 'once' });
    await recordUse(once.id, me.id);
    await expect(order(me.id, once.code, 1000)).rejects.toMatchObject({ statusCode: 409, code: 'code_used' });
  });
});
