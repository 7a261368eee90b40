import type { FastifyBaseLogger } from 'fastify';
import {
  DIRECT_DEBIT_MONTHLY_LIMIT,
  DIRECT_DEBIT_OTP_ATTEMPTS,
  DIRECT_DEBIT_OTP_MINUTES,
  termsVersion,
  type DirectDebitBody,
  type DirectDebitConfirmBody,
  type DirectDebitResponse,
  type OrderResponse,
} from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { CREDITS_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import { minutePeriod, type Job } from '../../platform/jobs/runner.js';
import { directDebitCodeText, maskedPhone, type SmsSender } from '../../platform/sms/index.js';
import { claimOrderDiscount, orderPrice } from '../discounts/discounts.service.js';
import { presentOrder } from './payments.presenter.js';
import {
  completeOrder,
  failOrder,
  findBuyer,
  findOrder,
  findPricedBundle,
  insertOrder,
  type OrderRow,
} from './payments.repository.js';
import { currencyOf, methodsOf } from './payments.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  blockDirectDebit,
  countCompletedDirectDebits,
  findPendingCode,
  insertDirectDebit,
  isDirectDebitBlocked,
  listExpiredPendingOrders,
  lockMemberDirectDebit,
  markConfirmed,
  recordWrongCode,
} from './directdebit.repository.js';
import {
  formProblems,
  limitWindowStart,
  newOtp,
  normalizeIban,
  normalizePhone,
  otpHash,
  otpMatches,
  phoneHint,
} from './directdebit.rules.js';

export interface DirectDebitServiceDeps {
  db: Db;
  bus: Bus;
  sms: SmsSender;
  sites: Pick<SettingsService, 'resolveSiteCompany'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export const directDebitBlocked = () => new AppError(403, 'directdebit_blocked');
export const directDebitLimit = () => new AppError(403, 'directdebit_limit');
const codeInvalid = () => validationFailed({ otp: 'code_invalid' });

/** How often unconfirmed direct-debit orders past their code are failed, and how many at a time. */
const EXPIRED_ORDERS_MINUTES = 15;
const EXPIRED_BATCH = 100;

/** The provider name of orders paid by our own direct-debit form. */
export const DIRECT_DEBIT_PROVIDER = 'directdebit';

/** What a confirmation did inside its transaction; errors are thrown after the commit, so counts stay. */
type Confirmation =
  | { kind: 'completed'; order: OrderRow; credits: number | null }
  | { kind: 'wrong' }
  | { kind: 'blocked' }
  | { kind: 'limit' };

export type DirectDebitService = ReturnType<typeof createDirectDebitService>;

/**
 * SEPA direct debit through our own form (spec section 3): the order is placed pending, a code
 * goes out by SMS, and entering it completes the order. Only a hash of the code is stored;
 * DIRECT_DEBIT_OTP_ATTEMPTS wrong codes fail the order and block the member's direct debit.
 * IBANs, codes and phone numbers never reach the log in full.
 */
export function createDirectDebitService(deps: DirectDebitServiceDeps) {
  const { db, bus, sms, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function limitReached(tx: DbOrTx, memberId: number, at: Date): Promise<boolean> {
    return (await countCompletedDirectDebits(tx, memberId, limitWindowStart(at))) >= DIRECT_DEBIT_MONTHLY_LIMIT;
  }

  /** POST /api/directdebit.php: validates the form, places the order and texts the code. */
  async function start(memberId: number, body: DirectDebitBody, host: string): Promise<DirectDebitResponse> {
    const buyer = await findBuyer(db, memberId);
    if (!buyer) throw notFound();
    if (await isDirectDebitBlocked(db, memberId)) throw directDebitBlocked();
    const problems = formProblems(body);
    if (Object.keys(problems).length > 0) throw validationFailed(problems);
    if (!methodsOf(buyer.country).includes('sdd')) throw validationFailed({ method: 'method_not_offered' });
    const at = now();
    if (await limitReached(db, memberId, at)) throw directDebitLimit();
    const currency = currencyOf(buyer.country);
    const bundle = await findPricedBundle(db, body.bundle_id, currency);
    if (!bundle) throw notFound();

    const { site, company } = await deps.sites.resolveSiteCompany({ host });
    const phone = normalizePhone(body.phone)!;
    const otp = newOtp();
    const order = await db.transaction(async (tx) => {
      // The same discount rules as order.php; the order and its claim of the code commit together.
      const price = await orderPrice(tx, body.code, {
        memberId,
        country: buyer.country,
        currency,
        amount: bundle.price,
        method: 'sdd',
        now: at,
      });
      const placed = await insertOrder(tx, {
        memberId,
        bundleId: bundle.id,
        credits: bundle.credits,
        method: 'sdd',
        currency,
        ...price,
        provider: DIRECT_DEBIT_PROVIDER,
        termsVersion: new Date(termsVersion(company.added)),
        termsAcceptedAt: at,
        createdAt: at,
      });
      await claimOrderDiscount(tx, placed);
      await insertDirectDebit(tx, {
        orderId: placed.id,
        accountHolder: body.account_holder,
        iban: normalizeIban(body.iban),
        street: body.street,
        houseNumber: body.house_number,
        zip: body.zip,
        city: body.city,
        phone,
        otpHash: otpHash(placed.id, otp),
        otpExpiresAt: new Date(at.getTime() + DIRECT_DEBIT_OTP_MINUTES * 60_000),
      });
      return placed;
    });
    await sms.send({
      to: phone,
      text: directDebitCodeText(buyer.language, {
        site: site.settings.name,
        code: otp,
        minutes: DIRECT_DEBIT_OTP_MINUTES,
      }),
    });
    log.info({ orderId: order.id, phone: maskedPhone(phone) }, 'direct-debit code sent');
    return { order_id: order.id, phone_hint: phoneHint(phone) };
  }

  /**
   * POST /api/directdebit-confirm.php. Runs under the member's row lock, so attempts and the
   * limit are counted one confirmation at a time; a second right code finds the order completed
   * and answers it again. Wrong and expired codes are 'Code ongeldig'; the attempt that reaches
   * DIRECT_DEBIT_OTP_ATTEMPTS fails the order and blocks direct debit (403 directdebit_blocked).
   */
  async function confirm(memberId: number, body: DirectDebitConfirmBody): Promise<OrderResponse> {
    const at = now();
    const outcome = await db.transaction(async (tx): Promise<Confirmation> => {
      const member = await lockMemberDirectDebit(tx, memberId);
      const code = await findPendingCode(tx, memberId, body.order_id);
      if (!member || !code) throw notFound();
      const order = (await findOrder(tx, code.orderId))!;
      if (code.status === 'completed') return { kind: 'completed', order, credits: null };
      if (member.blocked) return { kind: 'blocked' };
      if (code.status !== 'pending' || code.otpExpiresAt <= at) return { kind: 'wrong' };
      if (!otpMatches(code.otpHash, code.orderId, body.otp)) {
        const attempts = code.otpAttempts + 1;
        await recordWrongCode(tx, code.orderId, attempts);
        if (attempts < DIRECT_DEBIT_OTP_ATTEMPTS) return { kind: 'wrong' };
        await failOrder(tx, code.orderId, 'failed');
        await blockDirectDebit(tx, memberId, at);
        return { kind: 'blocked' };
      }
      if (await limitReached(tx, memberId, at)) return { kind: 'limit' };
      const credits = await completeOrder(tx, code.orderId, { customerId: null, mandateId: null, now: at });
      await markConfirmed(tx, code.orderId, at);
      return { kind: 'completed', order: (await findOrder(tx, code.orderId))!, credits };
    });
    if (outcome.kind === 'wrong') throw codeInvalid();
    if (outcome.kind === 'blocked') throw directDebitBlocked();
    if (outcome.kind === 'limit') throw directDebitLimit();
    if (outcome.credits !== null) {
      await publishEvent(bus, CREDITS_CHANNEL, {
        type: 'credits',
        member_id: memberId,
        credits: outcome.credits,
      }).catch((err: unknown) => log.error({ err, orderId: outcome.order.id }, 'publishing the credits event failed'));
    }
    return { order: presentOrder(outcome.order) };
  }

  /**
   * Fails every pending direct-debit order whose code has expired: it can no longer be confirmed
   * (confirm refuses an expired code), so it gives back its discount code.
   */
  async function failExpiredOrders(at: Date): Promise<void> {
    for (;;) {
      const ids = await listExpiredPendingOrders(db, at, EXPIRED_BATCH);
      for (const id of ids) await failOrder(db, id, 'failed');
      if (ids.length < EXPIRED_BATCH) return;
    }
  }

  /** The job failing unconfirmed orders, every EXPIRED_ORDERS_MINUTES across the processes. */
  function jobs(): Job[] {
    return [
      {
        name: 'fail-expired-direct-debits',
        period: (at) => minutePeriod(at, EXPIRED_ORDERS_MINUTES),
        run: ({ now: at }) => failExpiredOrders(at),
      },
    ];
  }

  return { start, confirm, jobs };
}
