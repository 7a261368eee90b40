import type { Bundle, BundlesResponse, CreditMovement, DiscountCode, Order } from '../api/contract';

// The request stubs every feature's tests share; re-exported so a test imports its stubs from one place.
export { commands, jsonResponse, reads, serve, type FetchMock } from '../../../testing/api';

/** A bundle as bundles.php answers it, with overrides. */
export function buildBundle(overrides: Partial<Bundle> = {}): Bundle {
  return { id: 1, tier: 'p0', credits: 50, popular: false, price: 995, ...overrides };
}

/** The four seeded tiers, the second popular, in euros with the Dutch methods. */
export function buildBundles(overrides: Partial<BundlesResponse> = {}): BundlesResponse {
  return {
    bundles: [
      buildBundle({ id: 1, tier: 'p0', credits: 50, price: 995 }),
      buildBundle({ id: 2, tier: 'p1', credits: 100, price: 1795, popular: true }),
      buildBundle({ id: 3, tier: 'p2', credits: 250, price: 3995 }),
      buildBundle({ id: 4, tier: 'p3', credits: 500, price: 6995 }),
    ],
    currency: 'EUR',
    methods: ['ideal', 'sdd', 'creditcard', 'paypal', 'sct'],
    terms_version: '2024-03-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A discount code as discountcode.php answers it (20% off, reusable, no limits), with overrides. */
export function buildDiscount(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: 'LENTE20',
    country: null,
    user_id: null,
    expires: null,
    value_percentage: 20,
    percentage: 20,
    currency: null,
    minimum_order_value: null,
    minimum: null,
    status: 'active',
    validity: 'unlimited',
    expired: false,
    paymentmethods: null,
    ...overrides,
  };
}

/** An order of the popular bundle with iDEAL, pending, with overrides. */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    status: 'pending',
    bundle_id: 2,
    credits: 100,
    method: 'ideal',
    currency: 'EUR',
    amount: 1795,
    list_amount: 1795,
    discount_code: null,
    discount_percentage: null,
    failure: null,
    terms_version: '2024-03-01T00:00:00.000Z',
    created_at: '2026-02-14T19:30:00.000Z',
    completed_at: null,
    ...overrides,
  };
}

/** A row of the credit ledger, with overrides. */
export function buildMovement(overrides: Partial<CreditMovement> = {}): CreditMovement {
  return {
    id: 1,
    delta: 20,
    reason: 'signup',
    balance_after: 20,
    order_id: null,
    at: '2026-02-10T09:00:00.000Z',
    ...overrides,
  };
}

/** An accessible name with Intl's no-break spaces matched as any space. */
export function named(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);
}
