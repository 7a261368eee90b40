import { Writable } from 'node:stream';
import { and, asc, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECT_DEBIT_MONTHLY_LIMIT,
  DIRECT_DEBIT_OTP_ATTEMPTS,
  DIRECT_DEBIT_OTP_MINUTES,
  DirectDebitResponseSchema,
  OrderResponseSchema,
  OutboxResponseSchema,
  TERMS_VERSION_MIN,
} from '@app/shared';
import { buildMember } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import {
  bundlePrices,
  creditBundles,
  creditLedger,
  directDebits,
  discountCodes,
  discountCodeUses,
  members,
  orders,
  outboxSms,
} from '../../db/schema/index.js';
import { CREDITS_CHANNEL, CreditsEventSchema, type CreditsEvent } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import { DIRECT_DEBIT_START_LIMIT } from './directdebit.routes.js';

/** The app's clock: tests move it. */
const clock = { now: new Date('2026-05-04T10:00:00Z') };
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
const events: CreditsEvent[] = [];
/** Everything the app logs, to prove IBANs, codes and phone numbers never reach it. */
const logLines: string[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  }),
);

let t: TestApp;
let bundle: { id: number; credits: number; price: number };
beforeAll(async () => {
  t = await buildTestApp({}, { bus, logger, now: () => clock.now });
  await bus.subscribe(CREDITS_CHANNEL, (event) => void events.push(CreditsEventSchema.parse(event)));
  const [row] = await t.db
    .select({ id: creditBundles.id, credits: creditBundles.credits, price: bundlePrices.amount })
    .from(creditBundles)
    .innerJoin(bundlePrices, and(eq(bundlePrices.bundleId, creditBundles.id), eq(bundlePrices.currency, 'EUR')))
    .orderBy(creditBundles.position)
    .limit(1);
  bundle = row!;
});
afterAll(async () => {
  await t?.close();
  await bus.close();
});

type MemberOverrides = Parameters<typeof buildMember>[1];

async function loggedIn(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, overrides);
  return { ...built, id: built.member.id, cookie: await loginCookie(t.db, built.member.id) };
}

const IBAN = 'nl91 abna 0417 1643 00';
const PHONE = '+31 6-1234 5678';

const form = (overrides: Record<string, unknown> = {}) => ({
  bundle_id: bundle.id,
  terms: true,
  account_holder: 'S. de Vries',
  iban: IBAN,
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CX',
  city: 'Amsterdam',
  phone: PHONE,
  ...overrides,
});

const post = (url: string, cookie: string, payload: Record<string, unknown>, locale = 'nl') =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...XHR, cookie: `${cookie}; locale=${locale}` } });
const start = (cookie: string, payload: Record<string, unknown> = form()) =>
  post('/api/directdebit.php', cookie, payload);
const confirm = (cookie: string, orderId: number, otp: string) =>
  post('/api/directdebit-confirm.php', cookie, { order_id: orderId, otp });

/** Starts a direct debit and reads its code from the SMS outbox. */
async function started(cookie: string) {
  const res = await start(cookie);
  expect(res.statusCode, res.body).toBe(200);
  const { order_id } = DirectDebitResponseSchema.parse(res.json());
  const [sms] = await t.db.select().from(outboxSms).orderBy(desc(outboxSms.id)).limit(1);
  const otp = /\b(\d{6})\b/.exec(sms!.text)?.[1];
  if (!otp) throw new Error('no code in the text message');
  return { orderId: order_id, otp, sms: sms! };
}

const wrongCode = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

async function memberRow(id: number) {
  const [row] = await t.db.select().from(members).where(eq(members.id, id));
  return row!;
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** A direct-debit order the member completed at `completedAt`. */
async function completedDirectDebit(memberId: number, completedAt: Date) {
  await t.db.insert(orders).values({
    memberId,
    bundleId: bundle.id,
    credits: bundle.credits,
    method: 'sdd',
    currency: 'EUR',
    amount: bundle.price,
    listAmount: bundle.price,
    status: 'completed',
    provider: 'directdebit',
    termsVersion: new Date(TERMS_VERSION_MIN),
    termsAcceptedAt: completedAt,
    createdAt: completedAt,
    completedAt,
  });
}

describe('POST /api/directdebit.php and /api/directdebit-confirm.php', () => {
  it('places a pending sdd order, texts a code, and completes the order on that code once', async () => {
    const me = await loggedIn({ member: { credits: 5 } });
    logLines.length = 0;
    events.length = 0;

    const res = await start(me.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = DirectDebitResponseSchema.parse(res.json());
    expect(body.phone_hint).toBe('••• ••• 78');

    expect(await orderRow(body.order_id)).toMatchObject({
      memberId: me.id,
      bundleId: bundle.id,
      credits: bundle.credits,
      method: 'sdd',
      provider: 'directdebit',
      status: 'pending',
      currency: 'EUR',
      amount: bundle.price,
      listAmount: bundle.price,
      discountCodeId: null,
      termsVersion: new Date(TERMS_VERSION_MIN),
      termsAcceptedAt: clock.now,
    });
    const [debit] = await t.db.select().from(directDebits).where(eq(directDebits.orderId, body.order_id));
    expect(debit).toMatchObject({
      accountHolder: 'S. de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Keizersgracht',
      houseNumber: '12a',
      zip: '1015 CX',
      city: 'Amsterdam',
      phone: '+31612345678',
      otpAttempts: 0,
      otpExpiresAt: new Date(clock.now.getTime() + DIRECT_DEBIT_OTP_MINUTES * 60_000),
      confirmedAt: null,
    });

    const texts = await t.db.select().from(outboxSms).where(eq(outboxSms.to, '+31612345678'));
    expect(texts).toHaveLength(1);
    const otp = /\b(\d{6})\b/.exec(texts[0]!.text)![1]!;
    expect(texts[0]!.text).toBe(
      `Amoria: je bevestigingscode voor de automatische incasso is ${otp}. De code is ${DIRECT_DEBIT_OTP_MINUTES} minuten geldig.`,
    );
    expect(debit!.otpHash).toMatch(/^[0-9a-f]{64}$/);
    expect(debit!.otpHash).not.toContain(otp);

    const outbox = await t.app.inject({ method: 'GET', url: '/api/outbox.php' });
    expect(OutboxResponseSchema.parse(outbox.json()).sms[0]).toMatchObject({
      to: '+31612345678',
      text: texts[0]!.text,
    });

    const done = await confirm(me.cookie, body.order_id, otp);
    expect(done.statusCode, done.body).toBe(200);
    const { order } = OrderResponseSchema.parse(done.json());
    expect(order).toMatchObject({ id: body.order_id, status: 'completed', method: 'sdd', credits: bundle.credits });
    expect(await memberRow(me.id)).toMatchObject({ credits: 5 + bundle.credits, paidUser: true });
    const ledger = await t.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.memberId, me.id))
      .orderBy(asc(creditLedger.id));
    expect(ledger).toEqual([
      expect.objectContaining({ delta: 5, reason: 'seed', balanceAfter: 5 }),
      expect.objectContaining({
        delta: bundle.credits,
        reason: 'purchase',
        orderId: body.order_id,
        balanceAfter: 5 + bundle.credits,
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual([{ type: 'credits', member_id: me.id, credits: 5 + bundle.credits }]);

    const again = await confirm(me.cookie, body.order_id, otp);
    expect(again.statusCode).toBe(200);
    expect(OrderResponseSchema.parse(again.json()).order.status).toBe('completed');
    expect((await memberRow(me.id)).credits).toBe(5 + bundle.credits);

    const logged = logLines.join('');
    expect(logged).toContain('direct-debit code sent');
    for (const secret of [otp, '+31612345678', '612345678', 'NL91ABNA0417164300', '0417164300']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('lets an unconfirmed member pay by direct debit and become premium', async () => {
    const me = await loggedIn({ member: { status: 'not_confirmed', credits: 0 } });
    const { orderId, otp } = await started(me.cookie);
    const done = await confirm(me.cookie, orderId, otp);
    expect(done.statusCode, done.body).toBe(200);
    expect(OrderResponseSchema.parse(done.json()).order.status).toBe('completed');
    expect(await memberRow(me.id)).toMatchObject({ credits: bundle.credits, paidUser: true, status: 'not_confirmed' });
  });

  it('takes a discount code off the price as order.php does, refuses a used one, and records its use', async () => {
    const me = await loggedIn();
    await t.db
      .insert(discountCodes)
      .values({ code: 'SEPA20', percentage: 20, source: 'operator', validity: 'once_per_user' });

    const res = await start(me.cookie, form({ code: 'sepa20' }));
    expect(res.statusCode, res.body).toBe(200);
    const { order_id } = DirectDebitResponseSchema.parse(res.json());
    expect(await orderRow(order_id)).toMatchObject({
      amount: Math.round((bundle.price * 80) / 100),
      listAmount: bundle.price,
      discountCode: 'SEPA20',
      discountPercentage: 20,
    });
    const [sms] = await t.db.select().from(outboxSms).orderBy(desc(outboxSms.id)).limit(1);
    const otp = /\b(\d{6})\b/.exec(sms!.text)![1]!;
    expect((await confirm(me.cookie, order_id, otp)).statusCode).toBe(200);
    expect(await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.orderId, order_id))).toHaveLength(1);

    const again = await start(me.cookie, form({ code: 'SEPA20' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'code_used', message: 'Code reeds gebruikt' });
    const unknown = await start(me.cookie, form({ code: 'NOPE' }));
    expect(unknown.json()).toMatchObject({ error: 'code_not_found', message: 'Code niet gevonden' });
  });

  it('holds its discount code until it can no longer be confirmed, then the job fails it and gives the code back', async () => {
    const me = await loggedIn();
    await t.db
      .insert(discountCodes)
      .values({ code: 'SEPA30', percentage: 30, source: 'operator', validity: 'once_per_user' });
    const first = await start(me.cookie, form({ code: 'SEPA30' }));
    expect(first.statusCode, first.body).toBe(200);
    const { order_id } = DirectDebitResponseSchema.parse(first.json());
    const second = await start(me.cookie, form({ code: 'SEPA30' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'code_used' });

    clock.now = new Date(clock.now.getTime() + (DIRECT_DEBIT_OTP_MINUTES - 1) * 60_000);
    await t.app.jobs.runDue(clock.now);
    expect((await orderRow(order_id)).status).toBe('pending');
    clock.now = new Date(clock.now.getTime() + 16 * 60_000);
    await t.app.jobs.runDue(clock.now);
    expect((await orderRow(order_id)).status).toBe('failed');
    expect(await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.orderId, order_id))).toEqual([]);
    expect((await start(me.cookie, form({ code: 'SEPA30' }))).statusCode).toBe(200);

    // The order the last wrong code fails gives the code back too.
    const other = await loggedIn();
    const res = await start(other.cookie, form({ code: 'SEPA30' }));
    const { order_id: otherOrder } = DirectDebitResponseSchema.parse(res.json());
    const [sms] = await t.db.select().from(outboxSms).orderBy(desc(outboxSms.id)).limit(1);
    const wrong = wrongCode(/\b(\d{6})\b/.exec(sms!.text)![1]!);
    for (let attempt = 0; attempt < DIRECT_DEBIT_OTP_ATTEMPTS; attempt += 1)
      await confirm(other.cookie, otherOrder, wrong);
    expect((await orderRow(otherOrder)).status).toBe('failed');
    expect(await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.orderId, otherOrder))).toEqual([]);
  });

  it('completes the order once when the right code arrives many times at once', async () => {
    const me = await loggedIn();
    const { orderId, otp } = await started(me.cookie);
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(me.cookie, orderId, otp)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await memberRow(me.id)).credits).toBe(bundle.credits);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.orderId, orderId));
    expect(ledger).toHaveLength(1);
  });

  it('answers translated field errors for the IBAN checksum, the terms, the phone and missing fields', async () => {
    const me = await loggedIn();
    const before = (await t.db.select().from(orders).where(eq(orders.memberId, me.id))).length;

    const wrong = await start(me.cookie, form({ iban: 'NL92ABNA0417164300', terms: false, phone: '06-12ab' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      fields: {
        iban: 'Dit IBAN klopt niet. Controleer het nummer nog eens.',
        terms: 'Je moet de algemene voorwaarden accepteren.',
        phone: 'Deze waarde is ongeldig.',
      },
    });

    const missing = await start(me.cookie, form({ account_holder: undefined, city: '' }));
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields as object).sort()).toEqual(['account_holder', 'city']);

    const english = await post('/api/directdebit.php', me.cookie, form({ iban: 'DE00 1234' }), 'en');
    expect(english.json().fields).toEqual({ iban: 'This IBAN is not valid. Please check the number.' });

    expect(await t.db.select().from(orders).where(eq(orders.memberId, me.id))).toHaveLength(before);
  });

  it(`answers 'Code ongeldig' for a wrong code, then after ${DIRECT_DEBIT_OTP_ATTEMPTS} fails the order and blocks direct debit`, async () => {
    const me = await loggedIn();
    const { orderId, otp } = await started(me.cookie);

    for (let attempt = 1; attempt < DIRECT_DEBIT_OTP_ATTEMPTS; attempt += 1) {
      const res = await confirm(me.cookie, orderId, wrongCode(otp));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        message: 'Controleer de ingevulde gegevens.',
        fields: { otp: 'Code ongeldig' },
      });
    }
    expect((await orderRow(orderId)).status).toBe('pending');

    const last = await confirm(me.cookie, orderId, wrongCode(otp));
    expect(last.statusCode).toBe(403);
    expect(last.json()).toMatchObject({ error: 'directdebit_blocked' });
    expect((await orderRow(orderId)).status).toBe('failed');
    expect((await memberRow(me.id)).directDebitBlockedAt).toEqual(clock.now);

    const right = await confirm(me.cookie, orderId, otp);
    expect(right.statusCode).toBe(403);
    expect((await memberRow(me.id)).credits).toBe(0);

    const again = await start(me.cookie);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      error: 'directdebit_blocked',
      message:
        'Betalen met automatische incasso is voor je account geblokkeerd. Kies een andere betaalmethode of neem contact op met de klantenservice.',
    });
  });

  it(`refuses the right code after ${DIRECT_DEBIT_OTP_MINUTES} minutes, without counting it as an attempt`, async () => {
    const me = await loggedIn();
    const { orderId, otp } = await started(me.cookie);
    const saved = clock.now;
    try {
      clock.now = new Date(saved.getTime() + DIRECT_DEBIT_OTP_MINUTES * 60_000);
      const res = await confirm(me.cookie, orderId, otp);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ otp: 'Code ongeldig' });
    } finally {
      clock.now = saved;
    }
    const [debit] = await t.db.select().from(directDebits).where(eq(directDebits.orderId, orderId));
    expect(debit!.otpAttempts).toBe(0);
    expect((await orderRow(orderId)).status).toBe('pending');
  });

  it(`stops at ${DIRECT_DEBIT_MONTHLY_LIMIT} completed direct-debit orders in 30 days`, async () => {
    const me = await loggedIn();
    const day = 86_400_000;
    await completedDirectDebit(me.id, new Date(clock.now.getTime() - 31 * day));
    for (let i = 1; i < DIRECT_DEBIT_MONTHLY_LIMIT; i += 1) {
      await completedDirectDebit(me.id, new Date(clock.now.getTime() - i * day));
    }
    const { orderId, otp } = await started(me.cookie);
    const second = await started(me.cookie);
    expect((await confirm(me.cookie, orderId, otp)).statusCode).toBe(200);

    const refused = await start(me.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'directdebit_limit',
      message:
        'Je hebt het maximale aantal bestellingen met automatische incasso voor deze maand bereikt. Kies een andere betaalmethode.',
    });
    const late = await confirm(me.cookie, second.orderId, second.otp);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ error: 'directdebit_limit' });
    expect((await orderRow(second.orderId)).status).toBe('pending');
  });

  it('lets a member send the form only so often, as each one texts a code', async () => {
    const me = await loggedIn();
    for (let i = 0; i < DIRECT_DEBIT_START_LIMIT.max; i += 1) {
      expect((await start(me.cookie, form({ iban: 'NL00' }))).statusCode).toBe(400);
    }
    const res = await start(me.cookie);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited' });
    expect((await start((await loggedIn()).cookie)).statusCode).toBe(200);
  });

  it('keeps each member to their own orders, and refuses visitors and countries without sdd', async () => {
    const me = await loggedIn();
    const other = await loggedIn();
    const { orderId, otp } = await started(me.cookie);
    const foreign = await confirm(other.cookie, orderId, otp);
    expect(foreign.statusCode).toBe(404);
    expect((await orderRow(orderId)).status).toBe('pending');

    const visitor = await t.app.inject({ method: 'POST', url: '/api/directdebit.php', payload: form(), headers: XHR });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toMatchObject({ error: 'authentication_required' });

    const belgian = await loggedIn({ profile: { country: 'BE' } });
    const notOffered = await start(belgian.cookie);
    expect(notOffered.statusCode).toBe(400);
    expect(Object.keys(notOffered.json().fields as object)).toEqual(['method']);

    const unknownBundle = await start(me.cookie, form({ bundle_id: 999_999 }));
    expect(unknownBundle.statusCode).toBe(404);
  });
});
