import type { FastifyBaseLogger } from 'fastify';
import {
  CURRENCY_BY_COUNTRY,
  DEFAULT_CURRENCY,
  PAYMENT_METHODS_BY_COUNTRY,
  PaymentMethodSchema,
  RECURRING_METHODS,
  isLocale,
  paidAs,
  termsVersion,
  type BundlesResponse,
  type CreateOrderBody,
  type CreateOrderResponse,
  type Locale,
  type OrderResponse,
  type PaymentMethod,
  type RepeatOrderBody,
  type TransactionsResponse,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import type { MemberAnswers } from '../../plugins/member-answers.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { CREDITS_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import type { Bus } from '../../platform/bus/index.js';
import { minutePeriod, type Job } from '../../platform/jobs/runner.js';
import {
  CHECKOUT_MINUTES,
  type CreatedPayment,
  type PaymentProvider,
  type PaymentStatus,
} from '../../platform/payments/types.js';
import { claimOrderDiscount, orderPrice } from '../discounts/discounts.service.js';
import { selectCountry } from '../settings/settings.presenter.js';
import type { SettingsService } from '../settings/settings.service.js';
import { presentBundle, presentMovement, presentOrder } from './payments.presenter.js';
import {
  completeOrder,
  failOrder,
  findBuyer,
  findLastCompletedOrder,
  findMemberOrder,
  findOrder,
  findOrderByPayment,
  findPricedBundle,
  insertOrder,
  listLedger,
  listOrders,
  listPricedBundles,
  listStaleOrders,
  setProviderPayment,
  type Buyer,
  type OrderRow,
  type PricedBundle,
} from './payments.repository.js';

export interface PaymentsServiceDeps {
  db: Db;
  bus: Bus;
  provider: PaymentProvider;
  sites: Pick<SettingsService, 'resolveSite' | 'resolveSiteCompany'>;
  countryForIp: (ip: string) => string | null;
  log: FastifyBaseLogger;
  /** A paid order changes the member's credits and premium (user.php): announces the member. */
  answers: Pick<MemberAnswers, 'stale'>;
  now?: () => Date;
}

/**
 * Where a request comes from: the host names the site (its company dates the terms), the origin
 * is what the provider sends the payer back to and calls the webhook on.
 */
export interface RequestOrigin {
  host: string;
  origin: string;
}

export const noPreviousOrder = () => new AppError(404, 'no_previous_order');
const termsRequired = () => validationFailed({ terms: 'terms_required' });
const methodNotOffered = () => validationFailed({ method: 'method_not_offered' });

/** How often pending orders older than a checkout are asked about again, and how many at a time. */
const STALE_ORDERS_MINUTES = 15;
const STALE_ORDERS_BATCH = 100;

/** The locale of the provider's hosted page for each of our languages (Mollie's list). */
const PROVIDER_LOCALES: Record<Locale, string> = {
  nl: 'nl_NL',
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  da: 'da_DK',
  es: 'es_ES',
  fi: 'fi_FI',
  it: 'it_IT',
  no: 'nb_NO',
  pl: 'pl_PL',
  sv: 'sv_SE',
};

/** The currency a country pays in. */
export function currencyOf(country: string): string {
  return CURRENCY_BY_COUNTRY[country] ?? DEFAULT_CURRENCY;
}

/** The payment methods offered in a country, in display order. */
export function methodsOf(country: string): readonly PaymentMethod[] {
  return PAYMENT_METHODS_BY_COUNTRY[country] ?? [];
}

/** Credit bundles, orders and their payment, and the member's transactions. */
export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, bus, provider, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** The terms version an order placed on this site now records: dated by the site's company. */
  async function termsVersionOf(host: string): Promise<string> {
    const { company } = await deps.sites.resolveSiteCompany({ host });
    return termsVersion(company.added);
  }

  /**
   * The member placing an order. An unconfirmed account buys too: the spec blocks it from
   * replying, not from buying (its first purchase and time bonus count from the first minute).
   */
  async function buyerOf(memberId: number): Promise<Buyer> {
    const buyer = await findBuyer(db, memberId);
    if (!buyer) throw notFound();
    return buyer;
  }

  function providerLocale(buyer: Buyer): string {
    return PROVIDER_LOCALES[isLocale(buyer.language) ? buyer.language : 'nl'];
  }

  function description(order: OrderRow): string {
    return `Order ${order.id}: ${order.credits} credits`;
  }

  /**
   * Completes an order (exactly once: see completeOrder) and, once that committed, announces the
   * member's new balance. A second completion of the same order changes and announces nothing.
   */
  async function complete(order: OrderRow, customerId: string | null, mandateId: string | null): Promise<void> {
    const credits = await db.transaction((tx) => completeOrder(tx, order.id, { customerId, mandateId, now: now() }));
    if (credits === null) return;
    await deps.answers.stale([order.memberId]);
    await publishEvent(bus, CREDITS_CHANNEL, { type: 'credits', member_id: order.memberId, credits }).catch(
      (err: unknown) => log.error({ err, orderId: order.id }, 'publishing the credits event failed'),
    );
  }

  /**
   * Moves a pending order as the provider's status says: paid completes it, failed or expired
   * fails it (a declined charge of a stored mandate says so, for the retry-or-PayPal message),
   * canceled cancels it; open, pending and authorized leave it pending.
   */
  async function settle(order: OrderRow, payment: PaymentStatus): Promise<void> {
    switch (payment.status) {
      case 'paid':
        await complete(order, payment.customerId, payment.mandateId);
        return;
      case 'failed':
      case 'expired':
        await failOrder(db, order.id, 'failed', chargedByMandate(order) ? 'recurring_declined' : null);
        return;
      case 'canceled':
        await failOrder(db, order.id, 'cancelled');
        return;
      default:
        return;
    }
  }

  /** A repeat order charged to the stored mandate, without the payer. */
  function chargedByMandate(order: OrderRow): boolean {
    return order.repeat && order.providerMandateId !== null;
  }

  async function reread(order: OrderRow): Promise<OrderRow> {
    return (await findOrder(db, order.id)) ?? order;
  }

  /**
   * Sends the payer to the provider's hosted page for a new pending order. An order that costs
   * nothing (a 100% code) needs no payment and completes at once. When the provider cannot be
   * reached the order fails, so it never stays pending without a payment.
   */
  async function checkout(order: OrderRow, buyer: Buyer, from: RequestOrigin): Promise<CreateOrderResponse> {
    if (order.amount === 0) {
      await complete(order, null, null);
      return { order: presentOrder(await reread(order)), checkout_url: null };
    }
    const method = PaymentMethodSchema.parse(order.method);
    let created: CreatedPayment;
    try {
      created = await provider.create({
        orderId: order.id,
        amount: order.amount,
        currency: order.currency,
        method,
        description: description(order),
        returnUrl: `${from.origin}/transactions/${order.id}`,
        webhookUrl: webhookUrl(from),
        locale: providerLocale(buyer),
        recurring: RECURRING_METHODS.includes(method),
        customer: { name: buyer.name, email: buyer.email },
      });
    } catch (err) {
      await failOrder(db, order.id, 'failed');
      throw err;
    }
    await setProviderPayment(db, order.id, created.id);
    return { order: presentOrder({ ...order, providerPaymentId: created.id }), checkout_url: created.checkoutUrl };
  }

  /**
   * Asks the provider again about every order pending for longer than a checkout lives and
   * settles it as a webhook would: the way an order whose webhook never came (an abandoned
   * checkout) still fails and gives back its discount code. Only the provider's word moves it,
   * so an order is never failed while its payment can still be paid; one that never got a
   * payment (its creation broke off) can never be paid and fails. An order the provider cannot
   * answer for now stays pending for the next run.
   */
  async function settleStaleOrders(at: Date): Promise<void> {
    const before = new Date(at.getTime() - CHECKOUT_MINUTES * 60_000);
    for (let afterId = 0; ;) {
      const batch = await listStaleOrders(db, provider.name, before, afterId, STALE_ORDERS_BATCH);
      for (const order of batch) {
        afterId = order.id;
        try {
          if (order.providerPaymentId === null) await failOrder(db, order.id, 'failed');
          else await settle(order, await provider.status(order.providerPaymentId));
        } catch (err) {
          log.warn({ err, orderId: order.id }, 'a stale pending order is asked about again on the next run');
        }
      }
      if (batch.length < STALE_ORDERS_BATCH) return;
    }
  }

  function webhookUrl(from: RequestOrigin): string {
    return `${from.origin}/api/payment-webhook.php`;
  }

  /** The bundle priced in the buyer's currency, with the method checked against the buyer's country. */
  async function pricedFor(buyer: Buyer, bundleId: number, method: PaymentMethod): Promise<PricedBundle> {
    if (!methodsOf(buyer.country).includes(method)) throw methodNotOffered();
    const bundle = await findPricedBundle(db, bundleId, currencyOf(buyer.country));
    if (!bundle) throw notFound();
    return bundle;
  }

  return {
    /** GET /api/bundles.php: priced in the currency of the viewer's country (see the contract). */
    async bundles(viewer: { memberId: number | null; host: string; ip: string }): Promise<BundlesResponse> {
      let country: string | null = null;
      if (viewer.memberId !== null) country = (await findBuyer(db, viewer.memberId))?.country ?? null;
      if (country === null) {
        const { site } = await deps.sites.resolveSite({ host: viewer.host });
        country = selectCountry(deps.countryForIp(viewer.ip), site.settings.countries);
      }
      const currency = currencyOf(country);
      const [rows, version] = await Promise.all([listPricedBundles(db, currency), termsVersionOf(viewer.host)]);
      return {
        bundles: rows.map(presentBundle),
        currency,
        methods: [...methodsOf(country)],
        terms_version: version,
      };
    },

    /**
     * POST /api/order.php: a pending order at the price of the member's currency, less the
     * code's percentage (checked as discountcode.php does), with the terms version; the payer
     * goes on to the provider's checkout.
     */
    async placeOrder(memberId: number, body: CreateOrderBody, from: RequestOrigin): Promise<CreateOrderResponse> {
      const buyer = await buyerOf(memberId);
      if (!body.terms) throw termsRequired();
      const method = paidAs(body.method);
      const bundle = await pricedFor(buyer, body.bundle_id, method);
      const at = now();
      const currency = currencyOf(buyer.country);
      const termsVersion = new Date(await termsVersionOf(from.host));
      // The order and its claim of the code commit together, or neither does.
      const order = await db.transaction(async (tx) => {
        const price = await orderPrice(tx, body.code, {
          memberId,
          country: buyer.country,
          currency,
          amount: bundle.price,
          method,
          now: at,
        });
        const placed = await insertOrder(tx, {
          memberId,
          bundleId: bundle.id,
          credits: bundle.credits,
          method,
          currency,
          ...price,
          provider: provider.name,
          termsVersion,
          termsAcceptedAt: at,
          createdAt: at,
        });
        await claimOrderDiscount(tx, placed);
        return placed;
      });
      return checkout(order, buyer, from);
    },

    /**
     * POST /api/repeat-order.php: the last completed order's bundle and method again at today's
     * price. A stored mandate of the same provider is charged at once and the order settled from
     * the charge's status; without one the payer goes through checkout.
     */
    async repeatOrder(memberId: number, body: RepeatOrderBody, from: RequestOrigin): Promise<CreateOrderResponse> {
      const buyer = await buyerOf(memberId);
      if (!body.terms) throw termsRequired();
      const last = await findLastCompletedOrder(db, memberId);
      if (!last) throw noPreviousOrder();
      const method = paidAs(PaymentMethodSchema.parse(last.method));
      const bundle = await pricedFor(buyer, last.bundleId, method);
      const mandate =
        RECURRING_METHODS.includes(method) &&
        last.provider === provider.name &&
        last.providerCustomerId !== null &&
        last.providerMandateId !== null
          ? { customerId: last.providerCustomerId, mandateId: last.providerMandateId }
          : null;
      const at = now();
      const order = await insertOrder(db, {
        memberId,
        bundleId: bundle.id,
        credits: bundle.credits,
        method,
        currency: currencyOf(buyer.country),
        amount: bundle.price,
        listAmount: bundle.price,
        provider: provider.name,
        providerCustomerId: mandate?.customerId ?? null,
        providerMandateId: mandate?.mandateId ?? null,
        repeat: true,
        termsVersion: new Date(await termsVersionOf(from.host)),
        termsAcceptedAt: at,
        createdAt: at,
      });
      if (!mandate) return checkout(order, buyer, from);
      let created: CreatedPayment | null = null;
      try {
        created = await provider.chargeRecurring({
          orderId: order.id,
          amount: order.amount,
          currency: order.currency,
          method,
          description: description(order),
          webhookUrl: webhookUrl(from),
          locale: providerLocale(buyer),
          ...mandate,
        });
      } catch (err) {
        // A charge the provider refuses (a revoked mandate) is a declined one to the member, who
        // is offered a retry through checkout or PayPal.
        log.warn({ err, orderId: order.id }, 'recurring charge refused');
        await failOrder(db, order.id, 'failed', 'recurring_declined');
      }
      if (created) {
        await setProviderPayment(db, order.id, created.id);
        // The charge exists: should its status not be readable now, the webhook settles it later.
        await provider
          .status(created.id)
          .then((payment) => settle(order, payment))
          .catch((err: unknown) => log.warn({ err, orderId: order.id }, 'recurring charge left to its webhook'));
      }
      return { order: presentOrder(await reread(order)), checkout_url: null };
    },

    /** GET /api/order.php: one of the member's own orders. */
    async order(memberId: number, orderId: number): Promise<OrderResponse> {
      const row = await findMemberOrder(db, memberId, orderId);
      if (!row) throw notFound();
      return { order: presentOrder(row) };
    },

    /** GET /api/transactions.php: the member's orders and ledger, newest first. */
    async transactions(memberId: number): Promise<TransactionsResponse> {
      const [orders, ledger] = await Promise.all([listOrders(db, memberId), listLedger(db, memberId)]);
      return { orders: orders.map(presentOrder), movements: ledger.map(presentMovement) };
    },

    /**
     * POST /api/payment-webhook.php: never trusts the caller, asks the provider for the status
     * of the payment named and settles its order. Unknown payments and orders no longer pending
     * are left alone; however often and in whatever order it is called, an order completes once.
     */
    async settlePayment(paymentId: string): Promise<void> {
      const order = await findOrderByPayment(db, provider.name, paymentId);
      if (!order || order.status !== 'pending') return;
      await settle(order, await provider.status(paymentId));
    },

    /** The stale-orders job, every STALE_ORDERS_MINUTES across the processes. */
    jobs(): Job[] {
      return [
        {
          name: 'settle-stale-orders',
          period: (at) => minutePeriod(at, STALE_ORDERS_MINUTES),
          run: ({ now: at }) => settleStaleOrders(at),
        },
      ];
    },
  };
}
