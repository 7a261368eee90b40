/**
 * Operator console, commerce (issue 10): orders and refunds, and the shop's settings (credit
 * bundles and their prices, gifts, discount codes, company info). Same rules as schemas/admin.ts:
 * the staff cookie, 403 `staff_authentication_required` / `permission_denied`, the request-type
 * header on state-changing calls, and an audit-log entry for every change (with what changed).
 * Money is integer cents of `currency`; credits are integers.
 *
 * Orders (permission 'orders': admin and support)
 * - GET  /api/admin/orders.php?status=&provider=&member_id=&before=  AdminOrderListQuery ->
 *     AdminOrderListResponse: newest first, ADMIN_ORDER_PAGE a page; `next_before` pages on.
 *     status 'refunded' lists refunded orders (status stays 'completed', `refunded_at` is set).
 * - GET  /api/admin/order.php?id=  -> AdminOrderResponse: the order with the provider's live
 *     status (`provider_status`; status 'unknown' with the provider's message when the provider
 *     cannot answer, null for an order without a provider payment, e.g. direct debit).
 * - POST /api/admin/order-refund.php  AdminOrderRefundBody `{ order_id, reason }` ->
 *     AdminOrderRefundResponse `{ order, credits_taken_back, balance }`. Refunds the whole
 *     amount through the provider, once, and takes the order's credits back through the ledger
 *     ('refund'), as far as the member still has them (never below 0). The member stays premium.
 *     400 `refund_directdebit` (direct debit: refund by bank transfer), 400
 *     `refund_provider_mismatch` (paid through a provider this installation no longer runs), 409
 *     `order_not_completed`, 409 `order_already_refunded` (also for a second click), 502
 *     `refund_failed` when the provider refuses (nothing changed; it may be tried again).
 *
 * Shop settings (permission 'settings': admins)
 * - GET  /api/admin/bundles.php  -> AdminBundlesResponse (every bundle, sold or withdrawn, with a
 *     price per currency, and the currencies sold in).
 * - POST /api/admin/bundle.php   AdminBundleBody -> AdminBundleResponse (new bundle).
 * - PUT  /api/admin/bundle.php   AdminBundleUpdateBody -> AdminBundleResponse (replaces it whole).
 *     Prices: one for every currency in SOLD_CURRENCIES (fields `prices.<CUR>`). At most one
 *     bundle is popular: marking one popular takes the flag off the others. Orders keep the
 *     price they were placed at.
 * - GET  /api/admin/gifts.php    -> AdminGiftsResponse (active and withdrawn).
 * - POST /api/admin/gift.php     AdminGiftBody -> AdminGiftResponse (400 fields.key
 *     `gift_key_taken`).
 * - PUT  /api/admin/gift.php     AdminGiftBody -> AdminGiftResponse (the key names the gift and
 *     does not change; 404 for an unknown key).
 * - GET  /api/admin/discount-codes.php?q=&source=&before=  AdminDiscountCodeListQuery ->
 *     AdminDiscountCodeListResponse: newest first, with the number of uses and the last one.
 * - POST /api/admin/discount-code.php  AdminDiscountCodeBody -> AdminDiscountCodeResponse. The
 *     code is stored upper case (codes are case-insensitive); 400 fields.code `code_taken`.
 *     Source 'operator'.
 * - POST /api/admin/discount-code-expire.php  `{ id }` -> AdminDiscountCodeResponse: inactive
 *     from now on (status 'inactive', expires_at now unless it already ended). The time bonus's
 *     code cannot be expired (400 bad_request).
 * - GET  /api/admin/companies.php  -> AdminCompaniesResponse (with the domains of each).
 * - PUT  /api/admin/company.php    AdminCompanyBody -> AdminCompanyResponse; the site shows it at
 *     once in this process and within the caches' time in others.
 */
import { z } from 'zod';
import { IdSchema, int4, QueryIdSchema, SerialIdSchema, text } from './common.js';
import { COUNTRIES } from '../constants.js';
import { cleanPhone } from '../rules.js';
import { CURRENCY_BY_COUNTRY, DEFAULT_CURRENCY, PaymentMethodSchema } from './payments.js';

const Reason = text().trim().min(3).max(500);
const Cents = int4().min(0).max(100_000_000);

/** Orders a page of the console's order list. */
export const ADMIN_ORDER_PAGE = 50;
/** Discount codes a page of the console's list. */
export const ADMIN_DISCOUNT_CODE_PAGE = 50;

/** Every currency a bundle is sold in: the default and each country's own. */
export const SOLD_CURRENCIES: readonly string[] = [
  ...new Set([DEFAULT_CURRENCY, ...Object.values(CURRENCY_BY_COUNTRY)]),
];
const CurrencySchema = text().refine((c) => SOLD_CURRENCIES.includes(c), { message: 'field_invalid_option' });

// Orders

export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export const ORDER_PROVIDERS = ['demo', 'mollie', 'directdebit'] as const;

export const AdminOrderListQuerySchema = z.object({
  status: z.enum([...ORDER_STATUSES, 'refunded']).optional(),
  provider: z.enum(ORDER_PROVIDERS).optional(),
  member_id: QueryIdSchema.optional(),
  /** Paging: orders with a smaller id than this. */
  before: QueryIdSchema.optional(),
});
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

export const AdminOrderSummarySchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  member_email: z.string(),
  /** The profile name; null without a profile. */
  member_name: z.string().nullable(),
  bundle_id: z.number().int(),
  credits: z.number().int(),
  /** Cents paid. */
  amount: z.number().int(),
  /** Cents before a discount. */
  list_amount: z.number().int(),
  currency: z.string(),
  discount_code: z.string().nullable(),
  method: z.string(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  repeat: z.boolean(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  refund_id: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;
export const AdminOrderListResponseSchema = z.object({
  orders: z.array(AdminOrderSummarySchema),
  next_before: z.number().int().nullable(),
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponseSchema>;

/** The provider's own word on the payment: Mollie's statuses, or 'unknown' with why. */
export const ProviderPaymentStatusSchema = z.object({
  status: z.enum(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired', 'unknown']),
  /** Why the status is unknown (the provider's error), else null. */
  message: z.string().nullable(),
});
export type ProviderPaymentStatus = z.infer<typeof ProviderPaymentStatusSchema>;

export const AdminOrderDetailSchema = AdminOrderSummarySchema.extend({
  discount_percentage: z.number().int().nullable(),
  failure: z.string().nullable(),
  /** Null for an order without a provider payment (direct debit, or never sent to the provider). */
  provider_status: ProviderPaymentStatusSchema.nullable(),
  /** Credits taken back at the refund (the ledger's 'refund' row), null when not refunded. */
  credits_taken_back: z.number().int().nullable(),
  /** Whether the console offers a refund: completed, not refunded, demo or Mollie. */
  refundable: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;
export const AdminOrderQuerySchema = z.object({ id: QueryIdSchema });
export const AdminOrderResponseSchema = z.object({ order: AdminOrderDetailSchema });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponseSchema>;

export const AdminOrderRefundBodySchema = z.object({ order_id: IdSchema, reason: Reason });
export type AdminOrderRefundBody = z.infer<typeof AdminOrderRefundBodySchema>;
export const AdminOrderRefundResponseSchema = z.object({
  order: AdminOrderDetailSchema,
  /** Credits taken from the member: the order's credits, or what was left of them. */
  credits_taken_back: z.number().int(),
  /** The member's balance after it. */
  balance: z.number().int(),
});
export type AdminOrderRefundResponse = z.infer<typeof AdminOrderRefundResponseSchema>;

// Credit bundles

export const BUNDLE_TIERS = ['p0', 'p1', 'p2', 'p3'] as const;

export const AdminBundleSchema = z.object({
  id: z.number().int(),
  tier: z.enum(BUNDLE_TIERS),
  credits: z.number().int(),
  popular: z.boolean(),
  position: z.number().int(),
  active: z.boolean(),
  /** Cents per currency. */
  prices: z.record(z.string(), z.number().int()),
  created_at: z.string(),
});
export type AdminBundle = z.infer<typeof AdminBundleSchema>;
export const AdminBundlesResponseSchema = z.object({
  bundles: z.array(AdminBundleSchema),
  currencies: z.array(z.string()),
});
export type AdminBundlesResponse = z.infer<typeof AdminBundlesResponseSchema>;

const BundleFieldsSchema = z.object({
  tier: z.enum(BUNDLE_TIERS),
  credits: int4().min(1).max(1_000_000),
  popular: z.boolean(),
  position: int4().min(0).max(1000),
  active: z.boolean(),
  prices: z.record(CurrencySchema, Cents),
});
/** Every currency sold in needs a price, or the bundle would vanish from those countries' shop. */
function pricedInEveryCurrency(b: { prices: Record<string, number> }, ctx: z.RefinementCtx): void {
  for (const currency of SOLD_CURRENCIES) {
    if (b.prices[currency] === undefined)
      ctx.addIssue({ code: 'custom', message: 'field_required', path: ['prices', currency] });
  }
}
export const AdminBundleBodySchema = BundleFieldsSchema.superRefine(pricedInEveryCurrency);
export type AdminBundleBody = z.infer<typeof AdminBundleBodySchema>;
export const AdminBundleUpdateBodySchema = BundleFieldsSchema.extend({ id: SerialIdSchema }).superRefine(
  pricedInEveryCurrency,
);
export type AdminBundleUpdateBody = z.infer<typeof AdminBundleUpdateBodySchema>;
export const AdminBundleResponseSchema = z.object({ bundle: AdminBundleSchema });
export type AdminBundleResponse = z.infer<typeof AdminBundleResponseSchema>;

// Gifts

export const AdminGiftSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** A path on the site (/gifts/rose.svg) or an https URL. */
  image: z.string(),
  /** Null costs the site's settings.gift_credits. */
  credits: z.number().int().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminGift = z.infer<typeof AdminGiftSchema>;
export const AdminGiftsResponseSchema = z.object({ gifts: z.array(AdminGiftSchema) });
export type AdminGiftsResponse = z.infer<typeof AdminGiftsResponseSchema>;
export const AdminGiftBodySchema = z.object({
  key: text()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/),
  name: text().trim().min(1).max(60),
  image: text()
    .trim()
    .max(500)
    .regex(/^(\/[\w./-]+|https:\/\/\S+)$/),
  credits: int4().min(0).max(100_000).nullable(),
  position: int4().min(0).max(1000),
  active: z.boolean(),
});
export type AdminGiftBody = z.infer<typeof AdminGiftBodySchema>;
export const AdminGiftResponseSchema = z.object({ gift: AdminGiftSchema });
export type AdminGiftResponse = z.infer<typeof AdminGiftResponseSchema>;

// Discount codes

export const DISCOUNT_SOURCES = ['operator', 'retention', 'welcome', 'time_bonus'] as const;
export const DISCOUNT_VALIDITIES = ['once', 'once_per_user', 'unlimited'] as const;

export const AdminDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** A personal code's member; null for a code anyone may use. */
  member_id: z.number().int().nullable(),
  percentage: z.number().int(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  /** Cents of the order's currency. */
  minimum_order_value: z.number().int().nullable(),
  payment_methods: z.array(z.string()).nullable(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(DISCOUNT_VALIDITIES),
  source: z.enum(DISCOUNT_SOURCES),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  /** Completed orders that used it. */
  uses: z.number().int(),
  last_used_at: z.string().nullable(),
});
export type AdminDiscountCode = z.infer<typeof AdminDiscountCodeSchema>;
export const AdminDiscountCodeListQuerySchema = z.object({
  /** The start of a code (case does not matter). */
  q: text().trim().max(64).default(''),
  source: z.enum(DISCOUNT_SOURCES).optional(),
  before: QueryIdSchema.optional(),
});
export type AdminDiscountCodeListQuery = z.infer<typeof AdminDiscountCodeListQuerySchema>;
export const AdminDiscountCodeListResponseSchema = z.object({
  codes: z.array(AdminDiscountCodeSchema),
  next_before: z.number().int().nullable(),
});
export type AdminDiscountCodeListResponse = z.infer<typeof AdminDiscountCodeListResponseSchema>;

export const AdminDiscountCodeBodySchema = z.object({
  code: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/),
  percentage: int4().min(1).max(100),
  member_id: IdSchema.nullable().default(null),
  country: z.enum(COUNTRIES).nullable().default(null),
  currency: CurrencySchema.nullable().default(null),
  minimum_order_value: Cents.nullable().default(null),
  payment_methods: z.array(PaymentMethodSchema).min(1).nullable().default(null),
  validity: z.enum(DISCOUNT_VALIDITIES).default('once_per_user'),
  /** ISO 8601; must lie in the future. Null: no end. */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type AdminDiscountCodeBody = z.infer<typeof AdminDiscountCodeBodySchema>;
export const AdminDiscountCodeExpireBodySchema = z.object({ id: IdSchema });
export const AdminDiscountCodeResponseSchema = z.object({ code: AdminDiscountCodeSchema });
export type AdminDiscountCodeResponse = z.infer<typeof AdminDiscountCodeResponseSchema>;

// Company info

const CompanyText = text().trim().min(1).max(200);
export const AdminCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  /** Percentage offered to a member who is about to delete the account (0: no offer). */
  delete_discount: z.number().int(),
  added: z.string(),
  /** The domains run by this company. */
  domains: z.array(z.string()),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompaniesResponseSchema = z.object({ companies: z.array(AdminCompanySchema) });
export type AdminCompaniesResponse = z.infer<typeof AdminCompaniesResponseSchema>;
export const AdminCompanyBodySchema = z.object({
  id: SerialIdSchema,
  name: CompanyText,
  address: CompanyText,
  kvk: text().trim().min(1).max(40),
  city: CompanyText,
  country: CompanyText,
  tradenames: z.array(CompanyText).max(20),
  vat_numbers: z.array(text().trim().min(1).max(40)).max(20),
  /** Stored cleaned of dashes and spaces, as the site shows it. */
  support_phone: text()
    .transform(cleanPhone)
    .pipe(text().regex(/^\+?\d{6,20}$/)),
  delete_discount: int4().min(0).max(100),
});
export type AdminCompanyBody = z.infer<typeof AdminCompanyBodySchema>;
export const AdminCompanyResponseSchema = z.object({ company: AdminCompanySchema });
export type AdminCompanyResponse = z.infer<typeof AdminCompanyResponseSchema>;
