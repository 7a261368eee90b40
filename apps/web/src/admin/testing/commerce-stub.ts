import {
  SOLD_CURRENCIES,
  type AdminBundle,
  type AdminCompany,
  type AdminDiscountCode,
  type AdminGift,
  type AdminOrderDetail,
  type AdminOrderSummary,
} from '@app/shared';

/** An order as the console's list has it: paid by iDEAL through Mollie. */
export function buildOrderSummary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id: 12,
    member_id: 7,
    member_email: 'piet@example.com',
    member_name: 'Piet',
    bundle_id: 2,
    credits: 100,
    amount: 1999,
    list_amount: 1999,
    currency: 'EUR',
    discount_code: null,
    method: 'ideal',
    provider: 'mollie',
    provider_payment_id: 'tr_abc123',
    status: 'completed',
    repeat: false,
    created_at: '2025-02-01T10:00:00Z',
    completed_at: '2025-02-01T10:01:00Z',
    refunded_at: null,
    refund_id: null,
    ...overrides,
  };
}

/** An order's detail: paid, Mollie says paid, refundable. */
export function buildOrderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    ...buildOrderSummary(),
    discount_percentage: null,
    failure: null,
    provider_status: { status: 'paid', message: null },
    credits_taken_back: null,
    refundable: true,
    ...overrides,
  };
}

/** A bundle priced in every currency sold in (1000 cents more per currency down the list). */
export function buildBundle(overrides: Partial<AdminBundle> = {}): AdminBundle {
  return {
    id: 3,
    tier: 'p1',
    credits: 100,
    popular: false,
    position: 1,
    active: true,
    prices: Object.fromEntries(SOLD_CURRENCIES.map((currency, i) => [currency, 1999 + i * 1000])),
    created_at: '2025-01-01T10:00:00Z',
    ...overrides,
  };
}

export function buildDiscountCode(overrides: Partial<AdminDiscountCode> = {}): AdminDiscountCode {
  return {
    id: 5,
    code: 'ZOMER25',
    member_id: null,
    percentage: 25,
    country: null,
    currency: null,
    minimum_order_value: null,
    payment_methods: null,
    status: 'active',
    validity: 'once_per_user',
    source: 'operator',
    expires_at: null,
    created_at: '2025-01-01T10:00:00Z',
    uses: 3,
    last_used_at: '2025-02-01T10:00:00Z',
    ...overrides,
  };
}

/** A gift at the site's default price. */
export function buildGift(overrides: Partial<AdminGift> = {}): AdminGift {
  return {
    key: 'rose',
    name: 'Roos',
    image: '/gifts/rose.svg',
    credits: null,
    position: 0,
    active: true,
    created_at: '2025-01-01T10:00:00Z',
    ...overrides,
  };
}

/** The company behind one domain. */
export function buildCompany(overrides: Partial<AdminCompany> = {}): AdminCompany {
  return {
    id: 1,
    name: 'Amoria B.V.',
    address: 'Keizersgracht 1',
    kvk: 'KVK123',
    city: 'Amsterdam',
    country: 'Nederland',
    tradenames: ['Amoria'],
    vat_numbers: ['NL001'],
    support_phone: '+31201234567',
    delete_discount: 30,
    added: '2025-01-01T10:00:00Z',
    domains: ['amoria.example'],
    ...overrides,
  };
}
