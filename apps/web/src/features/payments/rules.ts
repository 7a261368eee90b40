import { discountedAmount, paidAs, PAYMENT_METHODS } from '@app/shared';
import type { Bundle, DiscountCode, Order, PaymentMethod } from './api/contract';

/** A route's :id as an order or bundle id: a whole positive number, else null (not found). */
export function parseId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

/**
 * The :paymentmethod of /credits/{id}/{paymentmethod?} as the method offered here: a card brand
 * (visa, ...) chooses the card, whose checkout takes every brand; null when not offered.
 */
export function parseMethod(param: string | undefined, offered: readonly PaymentMethod[]): PaymentMethod | null {
  const method = PAYMENT_METHODS.find((candidate) => candidate === param);
  return method && offered.includes(paidAs(method)) ? paidAs(method) : null;
}

/** Cents per credit of a price (fractional: the display rounds). */
export function pricePerCredit(amount: number, credits: number): number {
  return credits > 0 ? amount / credits : 0;
}

/**
 * How much cheaper a bundle's credits are than the dearest bundle's, in whole percent (0 for
 * the dearest one): the "save" ribbon of the larger bundles.
 */
export function savingPercent(bundle: Bundle, bundles: readonly Bundle[]): number {
  const dearest = Math.max(...bundles.map((other) => pricePerCredit(other.price, other.credits)));
  if (!(dearest > 0)) return 0;
  return Math.max(0, Math.floor((1 - pricePerCredit(bundle.price, bundle.credits) / dearest) * 100));
}

/** A discount the shop applies: a code the member entered, or the welcome discount (time bonus). */
export interface ActiveDiscount {
  code: string;
  percentage: number;
  /** Whether the member entered it, or it is the welcome discount the site gives. */
  source: 'code' | 'welcome';
  /** Cents; null for none. */
  minimum: number | null;
  /** The methods it is valid with; null for every method. */
  methods: readonly PaymentMethod[] | null;
}

/** Whether a discount code can be used at `now`: active, not expired and not past its end. */
export function isDiscountUsable(discount: DiscountCode, now: number): boolean {
  if (discount.status !== 'active' || discount.expired) return false;
  return discount.expires === null || Date.parse(discount.expires) > now;
}

/**
 * The discount the bundles show and an order sends (spec section 3): the code the member
 * entered when the server accepted it, else the welcome discount while it runs, else none.
 */
export function activeDiscount(
  entered: DiscountCode | null,
  welcome: DiscountCode | null,
  now: number,
): ActiveDiscount | null {
  const pick = (discount: DiscountCode | null, source: ActiveDiscount['source']): ActiveDiscount | null =>
    discount && isDiscountUsable(discount, now)
      ? {
          code: discount.code,
          percentage: discount.value_percentage,
          source,
          minimum: discount.minimum_order_value,
          methods: discount.paymentmethods,
        }
      : null;
  return pick(entered, 'code') ?? pick(welcome, 'welcome');
}

/** Why a discount does not apply to a price: under its minimum, or not valid with the method. */
export type DiscountMiss = 'minimum' | 'method';

/**
 * Whether a discount applies to an amount paid with `method` (null: no method chosen yet, so
 * any method it allows still counts). The server takes the same decision when the order is made.
 */
export function discountMiss(
  discount: ActiveDiscount,
  amount: number,
  method: PaymentMethod | null,
): DiscountMiss | null {
  if (discount.minimum !== null && amount < discount.minimum) return 'minimum';
  if (method !== null && discount.methods !== null && !discount.methods.some((m) => paidAs(m) === paidAs(method))) {
    return 'method';
  }
  return null;
}

/** A price as the shop shows it: the list price, what is paid, and the percentage taken off. */
export interface PriceView {
  list: number;
  final: number;
  /** Null when no discount applies: the price shows once, not struck through. */
  percentage: number | null;
  /** Why the active discount does not apply here, if there is one that does not. */
  miss: DiscountMiss | null;
}

/** The price of `amount` with the active discount, as the bundle cards and the order summary show it. */
export function priceView(amount: number, discount: ActiveDiscount | null, method: PaymentMethod | null): PriceView {
  if (!discount || discount.percentage <= 0) return { list: amount, final: amount, percentage: null, miss: null };
  const miss = discountMiss(discount, amount, method);
  if (miss) return { list: amount, final: amount, percentage: null, miss };
  return {
    list: amount,
    final: discountedAmount(amount, discount.percentage),
    percentage: discount.percentage,
    miss: null,
  };
}

/** Money in cents as the locale writes it, e.g. € 12,95 in nl. */
export function formatMoney(cents: number, currency: string, locale: string, fractionDigits = 2): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(cents / 100);
}

/** A change of the credit balance with its sign, e.g. +100 or −10 (zero unsigned). */
export function formatCreditDelta(delta: number, locale: string): string {
  return new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' }).format(delta);
}

/** What a payment method's pay step is: the provider's checkout, or our direct-debit form (P4's /directdebit). */
export function methodStep(method: PaymentMethod): 'checkout' | 'directdebit' {
  return method === 'sdd' ? 'directdebit' : 'checkout';
}

/** The checkout page of a bundle, with the method when chosen and an entered code kept. */
export function checkoutPath(bundleId: number, method?: PaymentMethod | null, code?: string | null): string {
  const path = method ? `/credits/${bundleId}/${method}` : `/credits/${bundleId}`;
  return code ? `${path}?code=${encodeURIComponent(code)}` : path;
}

/** The direct-debit form for a bundle (spec section 3), which takes the order from there, with the entered code. */
export function directDebitPath(bundleId: number, code?: string | null): string {
  const query = new URLSearchParams({ bundle: String(bundleId) });
  if (code) query.set('code', code);
  return `/directdebit?${query.toString()}`;
}

/** Which page the order status page shows (spec section 4's order states, plus its own). */
export type OrderView =
  'loading' | 'not_found' | 'error' | 'pending' | 'completed' | 'failed' | 'cancelled' | 'recurring_declined';

/**
 * The status page's state from the order query: loading until the first answer, not found for
 * a 404 (another member's or an unknown order), the order's own status after that. A declined
 * recurring charge has its own page (retry or PayPal, spec section 8).
 */
export function orderView(order: Order | undefined, failure: { status: number } | null): OrderView {
  if (!order) {
    if (!failure) return 'loading';
    return failure.status === 404 ? 'not_found' : 'error';
  }
  if (order.status === 'failed' && order.failure === 'recurring_declined') return 'recurring_declined';
  return order.status;
}

/** How often the status page asks for a pending order, in ms. */
export const ORDER_POLL_INTERVAL = 2_000;

/** The status page polls while the order is pending, and stops once it has its outcome (or none came). */
export function orderPollInterval(order: Order | undefined): number | false {
  return order?.status === 'pending' ? ORDER_POLL_INTERVAL : false;
}

/** The last completed order, which a repeat order buys again; null when there is none. */
export function lastCompletedOrder(orders: readonly Order[]): Order | null {
  return orders.find((order) => order.status === 'completed') ?? null;
}
