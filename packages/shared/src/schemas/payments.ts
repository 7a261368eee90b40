/**
 * Payments contract (issue 7; spec sections 2, 3, 4, 5, 8, 9): credit bundles, orders and their
 * payment, discount codes, the time bonus, direct debit and the member's transactions.
 *
 * Failures answer ErrorResponse (`{ error, message, fields? }`), translated into the request's
 * language. State-changing calls need the request-type header. Member-only calls answer visitors
 * 403 authentication_required. Money is integer cents of `currency`; credits are integers.
 *
 * Endpoints
 * - GET  /api/bundles.php           -> BundlesResponse `{ bundles, currency, methods, terms_version }`.
 *     Public (the /pricing page shows them to visitors). The bundles in display order, priced in the
 *     currency of the viewer's country (the member's profile country; a visitor's geoip country;
 *     else the site's first country), and the payment methods offered there (PAYMENT_METHODS_BY_COUNTRY).
 * - GET  /api/discountcode.php?code=  DiscountCodeQuery -> DiscountCodeResponse `{ discount }`.
 *     Member only. 404 code_not_found 'Code niet gevonden' (unknown, inactive, expired, another
 *     member's personal code, another country); 409 code_used 'Code reeds gebruikt' (used up under its
 *     validity). With `welcome=true` instead of a code: the member's welcome discount, which is the
 *     time bonus (TIME_BONUS_CODE, TIME_BONUS_PERCENT) while the member is not paid and signed up less
 *     than TIME_BONUS_DURATION_SECONDS ago, else 404 (the client ignores that error silently).
 * - POST /api/order.php             CreateOrderBody `{ bundle_id, method, code?, terms }` ->
 *     CreateOrderResponse `{ order, checkout_url }`. Member only; an unconfirmed account buys too
 *     (it may not reply: chat.ts). `terms` must be true (400 fields.terms 'terms_required'); the
 *     method must be offered in the member's country (400 fields.method); the code, when given,
 *     is checked as discountcode.php does (404 code_not_found, 409 code_used, 400 fields.code
 *     'code_minimum_order' under its minimum order value or 'code_method' for a method it excludes)
 *     and its percentage taken off the price on the server (discountedAmount). The order starts
 *     `pending` with the terms version (termsVersion) stored; the payer goes to `checkout_url` (the
 *     provider's hosted page), which returns to /transactions/{order.id}.
 * - POST /api/repeat-order.php      RepeatOrderBody `{ terms }` -> CreateOrderResponse. Paid members:
 *     the last completed order's bundle and method again, at today's price. A method with a stored
 *     mandate (cards, PayPal, sdd) is charged at once (checkout_url null; the order answers
 *     completed, or failed with `failure: 'recurring_declined'`: the client offers a retry or
 *     PayPal); others go through checkout. 404 no_previous_order.
 * - GET  /api/order.php?id=         OrderQuery -> OrderResponse `{ order }`. The member's own orders
 *     only (404 otherwise). The status page polls it while `pending`.
 * - GET  /api/transactions.php      -> TransactionsResponse `{ orders, movements }`: the member's
 *     orders newest first and their credit ledger (every change of the balance) newest first.
 * - POST /api/payment-webhook.php   provider callback, form or JSON body `{ id }` (the provider's
 *     payment id). Never trusts the body: asks the provider for the payment's status and moves the
 *     order: paid -> completed (credits added with a `purchase` ledger row, the member becomes
 *     paid, a discount use recorded, a credits live event), failed/expired -> failed, canceled ->
 *     cancelled. Exactly once, whatever the number and order of deliveries. Answers 200 for any
 *     known or unknown id (providers retry on errors).
 * - Direct debit (/directdebit, spec section 3):
 *   POST /api/directdebit.php       DirectDebitBody (the form, bundle_id, terms) ->
 *     DirectDebitResponse `{ order_id, phone_hint }`: validates the form (IBAN checksum: isValidIban),
 *     checks the optional `code` as order.php does (the same errors) and takes its percentage off,
 *     creates the order (method 'sdd', pending) and sends a DIRECT_DEBIT_OTP_LENGTH-digit code by
 *     SMS (the outbox by default) valid DIRECT_DEBIT_OTP_MINUTES. 403 directdebit_blocked when the
 *     member's direct debit is blocked; 403 directdebit_limit when DIRECT_DEBIT_MONTHLY_LIMIT orders
 *     were completed in the last 30 days.
 *   POST /api/directdebit-confirm.php  DirectDebitConfirmBody `{ order_id, otp }` -> OrderResponse
 *     (completed). Wrong code: 400 fields.otp 'Code ongeldig' (code_invalid); after
 *     DIRECT_DEBIT_OTP_ATTEMPTS wrong codes the order fails and the member's direct debit is blocked.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants.js';
import { IdSchema, QueryIdSchema, SerialIdSchema, text } from './common.js';

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** Methods whose first payment leaves a mandate, so a repeat order is charged without checkout. */
export const RECURRING_METHODS: readonly PaymentMethod[] = [
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'paypal',
  'sdd',
];

/**
 * Card brands of the spec's method list. They are not offered beside 'creditcard': the card is
 * one choice and the provider's checkout takes any brand. /credits/{id}/visa and the like still
 * lead to the card (paidAs), and orders placed with a brand keep it.
 */
export const CARD_BRANDS: readonly PaymentMethod[] = ['visa', 'mastercard', 'maestro'];

/** The method offered for `method`: the card for a card brand, else the method itself. */
export function paidAs(method: PaymentMethod): PaymentMethod {
  return CARD_BRANDS.includes(method) ? 'creditcard' : method;
}

const CARDS: readonly PaymentMethod[] = ['creditcard', 'applepay', 'paypal', 'paysafecard'];

/** The payment methods offered per country (ISO 3166 code), in display order; each one choice. */
export const PAYMENT_METHODS_BY_COUNTRY: Record<string, readonly PaymentMethod[]> = {
  NL: ['ideal', 'sdd', ...CARDS, 'sct'],
  BE: ['bancontact', 'ideal', ...CARDS, 'sct'],
  DE: ['sdd', 'giropay', 'sofort', ...CARDS, 'sct'],
  AT: ['eps', 'sofort', 'sdd', ...CARDS, 'sct'],
  CH: [...CARDS, 'sct'],
  FR: ['cartebancaire', ...CARDS, 'sct'],
  IT: ['nexi', ...CARDS, 'sct'],
  ES: [...CARDS, 'sct'],
  PL: ['blik', 'prezelewy24', ...CARDS],
  GB: [...CARDS],
  IE: [...CARDS, 'sct'],
  US: [...CARDS],
  CA: [...CARDS],
  AU: [...CARDS],
  NZ: [...CARDS],
};

/** The currency prices are shown and charged in, per country; a country not listed pays in EUR. */
export const CURRENCY_BY_COUNTRY: Record<string, string> = {
  CH: 'CHF',
  PL: 'PLN',
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
};
export const DEFAULT_CURRENCY = 'EUR';

/** Direct debit: code length, validity and attempts; completed direct-debit orders per 30 days. */
export const DIRECT_DEBIT_OTP_LENGTH = 6;
export const DIRECT_DEBIT_OTP_MINUTES = 10;
export const DIRECT_DEBIT_OTP_ATTEMPTS = 5;
export const DIRECT_DEBIT_MONTHLY_LIMIT = 3;

/** The terms in force are dated no earlier than this (spec: terms version date). */
export const TERMS_VERSION_MIN = '2023-12-01T12:00:00.000Z';

/** The terms version an order records: TERMS_VERSION_MIN, or the company's added date if later. */
export function termsVersion(companyAdded: string | Date): string {
  const added = new Date(companyAdded);
  return added.getTime() > Date.parse(TERMS_VERSION_MIN) ? added.toISOString() : TERMS_VERSION_MIN;
}

/** A price after a percentage off, in whole cents, rounded half up; never below 0. */
export function discountedAmount(amount: number, percentage: number): number {
  return Math.max(0, Math.round((amount * (100 - percentage)) / 100));
}

/** ISO 13616 IBAN check: country, length 15-34, and the mod-97 checksum. Spaces are ignored. */
export function isValidIban(input: string): boolean {
  const iban = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const BundleTierSchema = z.enum(['p0', 'p1', 'p2', 'p3']);

export const BundleSchema = z.object({
  id: z.number().int(),
  /** Styling tier, p0 (smallest) to p3. */
  tier: BundleTierSchema,
  credits: z.number().int().positive(),
  popular: z.boolean(),
  /** Cents of the response's currency. */
  price: z.number().int().nonnegative(),
});
export type Bundle = z.infer<typeof BundleSchema>;

export const BundlesResponseSchema = z.object({
  bundles: z.array(BundleSchema),
  currency: z.string().length(3),
  methods: z.array(PaymentMethodSchema),
  /** ISO 8601: the terms version an order placed now records. */
  terms_version: z.string(),
});
export type BundlesResponse = z.infer<typeof BundlesResponseSchema>;

export const DiscountCodeQuerySchema = z
  .object({ code: text().trim().min(1).max(64).optional(), welcome: z.enum(['true']).optional() })
  .refine((q) => (q.code === undefined) !== (q.welcome === undefined), { message: 'field_required', path: ['code'] });
export type DiscountCodeQuery = z.infer<typeof DiscountCodeQuerySchema>;

/** A discount code as spec section 3 names its fields (with both spellings it lists). */
export const DiscountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  /** ISO 8601, or null for no end. */
  expires: z.string().nullable(),
  value_percentage: z.number().int(),
  percentage: z.number().int(),
  currency: z.string().nullable(),
  /** Cents; null for none. */
  minimum_order_value: z.number().int().nullable(),
  minimum: z.number().int().nullable(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(['once', 'once_per_user', 'unlimited']),
  expired: z.boolean(),
  /** Null: every method. */
  paymentmethods: z.array(PaymentMethodSchema).nullable(),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

export const DiscountCodeResponseSchema = z.object({ discount: DiscountCodeSchema });
export type DiscountCodeResponse = z.infer<typeof DiscountCodeResponseSchema>;

export const OrderStatusSchema = z.enum(['pending', 'completed', 'failed', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  bundle_id: z.number().int(),
  credits: z.number().int(),
  method: PaymentMethodSchema,
  currency: z.string().length(3),
  /** Cents paid (after the discount). */
  amount: z.number().int(),
  /** Cents before the discount. */
  list_amount: z.number().int(),
  discount_code: z.string().nullable(),
  discount_percentage: z.number().int().nullable(),
  /** Why a failed order failed, when the provider says: a declined recurring charge offers retry or PayPal. */
  failure: z.enum(['recurring_declined']).nullable(),
  terms_version: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const CreateOrderBodySchema = z.object({
  bundle_id: SerialIdSchema,
  method: PaymentMethodSchema,
  code: text().trim().min(1).max(64).optional(),
  terms: z.boolean(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const RepeatOrderBodySchema = z.object({ terms: z.boolean() });
export type RepeatOrderBody = z.infer<typeof RepeatOrderBodySchema>;

export const CreateOrderResponseSchema = z.object({
  order: OrderSchema,
  /** Where the payer pays; null when the order was charged without checkout (repeat order). */
  checkout_url: z.string().nullable(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

export const OrderQuerySchema = z.object({ id: QueryIdSchema });
export const OrderResponseSchema = z.object({ order: OrderSchema });
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/**
 * Why a member's credit balance changed. 'seed' is the opening balance of a member the demo
 * seed created, so their ledger sums to their balance like everyone's.
 */
export const CREDIT_REASONS = [
  'signup',
  'message',
  'image',
  'gift',
  'purchase',
  'refund',
  'adjustment',
  'seed',
] as const;

/** One change of the member's credit balance. */
export const CreditMovementSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  balance_after: z.number().int(),
  order_id: z.number().int().nullable(),
  at: z.string(),
});
export type CreditMovement = z.infer<typeof CreditMovementSchema>;

export const TransactionsResponseSchema = z.object({
  orders: z.array(OrderSchema),
  movements: z.array(CreditMovementSchema),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponseSchema>;

/** The direct-debit form of spec section 3, with the bundle and the terms. */
export const DirectDebitBodySchema = z.object({
  bundle_id: SerialIdSchema,
  terms: z.boolean(),
  account_holder: text().trim().min(2).max(100),
  iban: text().trim().max(42),
  street: text().trim().min(1).max(100),
  house_number: text().trim().min(1).max(20),
  zip: text().trim().min(2).max(12),
  city: text().trim().min(1).max(100),
  /** International or national phone number; spaces and dashes are ignored. */
  phone: text().trim().min(6).max(24),
  /** A discount code (or the time bonus's), checked and applied as order.php does. */
  code: text().trim().min(1).max(64).optional(),
});
export type DirectDebitBody = z.infer<typeof DirectDebitBodySchema>;

export const DirectDebitResponseSchema = z.object({
  order_id: z.number().int(),
  /** The last digits of the phone the code went to, e.g. '••• ••• 78'. */
  phone_hint: z.string(),
});
export type DirectDebitResponse = z.infer<typeof DirectDebitResponseSchema>;

export const DirectDebitConfirmBodySchema = z.object({
  order_id: IdSchema,
  otp: text().trim().regex(/^\d+$/).max(12),
});
export type DirectDebitConfirmBody = z.infer<typeof DirectDebitConfirmBodySchema>;
